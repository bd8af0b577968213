//! The network file: reading (with typed errors for a cut, damaged or foreign file) and
//! writing. Version 1 has one output; version 2 adds output buckets (see the module above).

use std::fmt;

use super::{FILE_BYTES, HIDDEN, INPUTS, Network, Row};

const MAGIC: &[u8; 4] = b"CHNN";
/// The largest number of output buckets a file may have (a piece count picks one of them).
pub const MAX_BUCKETS: usize = 32;

/// What is wrong with a network file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NetworkError {
    /// Shorter or longer than its shape says.
    Length {
        /// Bytes found.
        found: usize,
        /// Bytes a network of this shape has.
        expected: usize,
    },
    /// Not a network file.
    Magic,
    /// A version this program does not read.
    Version(u32),
    /// Another number of inputs or hidden neurons than this program's.
    Shape {
        /// Inputs in the file.
        inputs: u32,
        /// Hidden neurons in the file.
        hidden: u32,
    },
    /// No output bucket, or more than [`MAX_BUCKETS`].
    Buckets(u32),
    /// The bytes do not match their checksum: the file is damaged.
    Checksum,
}

impl fmt::Display for NetworkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NetworkError::Length { found, expected } => write!(
                f,
                "the network file has {found} bytes where {expected} were expected"
            ),
            NetworkError::Magic => write!(f, "not a network file (no CHNN at its start)"),
            NetworkError::Version(v) => write!(f, "network file version {v} is not read here"),
            NetworkError::Shape { inputs, hidden } => write!(
                f,
                "the network is {inputs} inputs x {hidden} hidden, not {INPUTS} x {HIDDEN}"
            ),
            NetworkError::Buckets(b) => write!(
                f,
                "the network has {b} output buckets (1 to {MAX_BUCKETS} are read)"
            ),
            NetworkError::Checksum => write!(f, "the network file is damaged (bad checksum)"),
        }
    }
}

impl std::error::Error for NetworkError {}

/// FNV-1a, 64 bits.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The header's length: version 1 (one output) has no bucket count.
const fn header(buckets: usize) -> usize {
    if buckets == 1 { 24 } else { 28 }
}

/// The size of a network file with `buckets` output buckets ([`FILE_BYTES`] for one).
#[must_use]
pub const fn file_bytes(buckets: usize) -> usize {
    header(buckets) + 2 * (INPUTS * HIDDEN + HIDDEN + buckets * 2 * HIDDEN) + 4 * buckets
}

impl Network {
    /// Reads a network file.
    ///
    /// # Errors
    /// A [`NetworkError`] for a cut, damaged or foreign file.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, NetworkError> {
        let short = |expected| NetworkError::Length {
            found: bytes.len(),
            expected,
        };
        if bytes.len() < 24 {
            return Err(short(FILE_BYTES));
        }
        if &bytes[0..4] != MAGIC {
            return Err(NetworkError::Magic);
        }
        let word =
            |i: usize| u32::from_le_bytes([bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]]);
        let version = word(4);
        let buckets = match version {
            1 => 1,
            2 if bytes.len() < 28 => return Err(short(header(2))),
            2 => match word(16) {
                b @ 2.. if b as usize <= MAX_BUCKETS => b as usize,
                b => return Err(NetworkError::Buckets(b)),
            },
            v => return Err(NetworkError::Version(v)),
        };
        let (inputs, hidden) = (word(8), word(12));
        if inputs as usize != INPUTS || hidden as usize != HIDDEN {
            return Err(NetworkError::Shape { inputs, hidden });
        }
        let expected = file_bytes(buckets);
        if bytes.len() != expected {
            return Err(short(expected));
        }
        let at_sum = header(buckets) - 8;
        let mut sum = [0u8; 8];
        sum.copy_from_slice(&bytes[at_sum..at_sum + 8]);
        if u64::from_le_bytes(sum) != fnv1a(&bytes[header(buckets)..]) {
            return Err(NetworkError::Checksum);
        }
        let mut at = header(buckets);
        let mut row = || {
            let mut r = Row::default();
            for v in &mut r.0 {
                *v = i16::from_le_bytes([bytes[at], bytes[at + 1]]);
                at += 2;
            }
            r
        };
        let weights = (0..INPUTS).map(|_| row()).collect();
        let bias = row();
        let out = (0..buckets).map(|_| [row(), row()]).collect();
        let out_bias = bytes[expected - 4 * buckets..]
            .chunks_exact(4)
            .map(|c| i32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect();
        Ok(Network {
            weights,
            bias,
            out,
            out_bias,
        })
    }

    /// The network file's bytes: version 1 for one output bucket, 2 for more.
    ///
    /// # Panics
    /// When the network has no output bucket, more than [`MAX_BUCKETS`], or not one bias for
    /// each (a network that was read or trained has neither).
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        let buckets = self.out.len();
        assert!(
            (1..=MAX_BUCKETS).contains(&buckets) && self.out_bias.len() == buckets,
            "{buckets} output buckets, {} biases",
            self.out_bias.len()
        );
        let mut body = Vec::with_capacity(file_bytes(buckets) - header(buckets));
        for r in self
            .weights
            .iter()
            .chain([&self.bias])
            .chain(self.out.iter().flatten())
        {
            for v in r.0 {
                body.extend_from_slice(&v.to_le_bytes());
            }
        }
        for b in &self.out_bias {
            body.extend_from_slice(&b.to_le_bytes());
        }
        let mut bytes = Vec::with_capacity(file_bytes(buckets));
        bytes.extend_from_slice(MAGIC);
        let version: u32 = if buckets == 1 { 1 } else { 2 };
        bytes.extend_from_slice(&version.to_le_bytes());
        bytes.extend_from_slice(&(INPUTS as u32).to_le_bytes());
        bytes.extend_from_slice(&(HIDDEN as u32).to_le_bytes());
        if buckets > 1 {
            bytes.extend_from_slice(&(buckets as u32).to_le_bytes());
        }
        bytes.extend_from_slice(&fnv1a(&body).to_le_bytes());
        bytes.extend_from_slice(&body);
        bytes
    }
}

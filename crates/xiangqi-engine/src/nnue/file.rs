//! The network file: reading (with typed errors for a cut, damaged or foreign file) and
//! writing. Version 1 has one output; version 2 adds output buckets and king buckets; version 3
//! adds a second layer (see the module above).

use std::fmt;

use super::{FILE_BYTES, HIDDEN, INPUTS, KING_BUCKETS, LAYER, Layer, Network, Row};

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
    /// Another number of inputs or hidden neurons than this program's (inputs: [`INPUTS`], or
    /// [`INPUTS`] × [`KING_BUCKETS`] in version 2).
    Shape {
        /// Inputs in the file.
        inputs: u32,
        /// Hidden neurons in the file.
        hidden: u32,
    },
    /// No output bucket, or more than [`MAX_BUCKETS`].
    Buckets(u32),
    /// A second layer of another number of neurons than [`LAYER`].
    Layer(u32),
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
            NetworkError::Layer(n) => {
                write!(f, "the network's second layer has {n} neurons, not {LAYER}")
            }
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

/// The header's length: version 1 (one output, no king buckets) has no bucket count, version 3
/// (a second layer) also the layer's neurons.
const fn header(king_buckets: usize, buckets: usize, layer: bool) -> usize {
    if layer {
        32
    } else if king_buckets == 1 && buckets == 1 {
        24
    } else {
        28
    }
}

/// The size of a network file of any shape.
const fn size(king_buckets: usize, buckets: usize, layer: bool) -> usize {
    let second = if layer {
        2 * LAYER * 2 * HIDDEN + 4 * LAYER + 2 * buckets * LAYER
    } else {
        0
    };
    header(king_buckets, buckets, layer)
        + 2 * (king_buckets * INPUTS * HIDDEN + HIDDEN + buckets * 2 * HIDDEN)
        + second
        + 4 * buckets
}

/// The size of a network file with `buckets` output buckets ([`FILE_BYTES`] for one).
#[must_use]
pub const fn file_bytes(buckets: usize) -> usize {
    network_bytes(1, buckets)
}

/// The size of a network file with `king_buckets` king buckets (1 or [`KING_BUCKETS`]) and
/// `buckets` output buckets.
#[must_use]
pub const fn network_bytes(king_buckets: usize, buckets: usize) -> usize {
    size(king_buckets, buckets, false)
}

/// The size of a network file with a second layer (version 3), `king_buckets` king buckets (1
/// or [`KING_BUCKETS`]) and `buckets` output buckets.
#[must_use]
pub const fn layered_network_bytes(king_buckets: usize, buckets: usize) -> usize {
    size(king_buckets, buckets, true)
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
        if !(1..=3).contains(&version) {
            return Err(NetworkError::Version(version));
        }
        let least_header = [24, 28, 32][version as usize - 1];
        if bytes.len() < least_header {
            return Err(short(least_header));
        }
        let (inputs, hidden) = (word(8), word(12));
        let king_buckets = match inputs as usize {
            INPUTS => 1,
            n if version >= 2 && n == INPUTS * KING_BUCKETS => KING_BUCKETS,
            _ => return Err(NetworkError::Shape { inputs, hidden }),
        };
        if hidden as usize != HIDDEN {
            return Err(NetworkError::Shape { inputs, hidden });
        }
        // Version 2 has one output bucket only with king buckets (else it is version 1).
        let least = if king_buckets == 1 && version == 2 {
            2
        } else {
            1
        };
        let buckets = match version {
            1 => 1,
            _ => match word(16) {
                b if b >= least && b as usize <= MAX_BUCKETS => b as usize,
                b => return Err(NetworkError::Buckets(b)),
            },
        };
        let layer = version == 3;
        if layer && word(20) as usize != LAYER {
            return Err(NetworkError::Layer(word(20)));
        }
        let expected = size(king_buckets, buckets, layer);
        if bytes.len() != expected {
            return Err(short(expected));
        }
        let head = header(king_buckets, buckets, layer);
        let at_sum = head - 8;
        let mut sum = [0u8; 8];
        sum.copy_from_slice(&bytes[at_sum..at_sum + 8]);
        if u64::from_le_bytes(sum) != fnv1a(&bytes[head..]) {
            return Err(NetworkError::Checksum);
        }
        let mut read = Reader { bytes, at: head };
        let weights = (0..king_buckets * INPUTS).map(|_| read.row()).collect();
        let bias = read.row();
        let out = (0..buckets).map(|_| [read.row(), read.row()]).collect();
        let layer = layer.then(|| {
            let weights = (0..LAYER).map(|_| [read.row(), read.row()]).collect();
            let bias = (0..LAYER).map(|_| read.i32()).collect();
            let out = (0..buckets)
                .map(|_| std::array::from_fn(|_| read.i16()))
                .collect();
            Layer { weights, bias, out }
        });
        let out_bias = (0..buckets).map(|_| read.i32()).collect();
        Ok(Network {
            weights,
            bias,
            out,
            out_bias,
            layer,
        })
    }

    /// The network file's bytes: version 1 for one output bucket and no king buckets, 2
    /// otherwise.
    ///
    /// # Panics
    /// When the network has no output bucket, more than [`MAX_BUCKETS`], not one bias for
    /// each, or feature rows for neither 1 nor [`KING_BUCKETS`] king buckets (a network that
    /// was read or trained has none of these).
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        let buckets = self.out.len();
        let king_buckets = self.king_buckets();
        assert!(
            self.weights.len().is_multiple_of(INPUTS) && [1, KING_BUCKETS].contains(&king_buckets),
            "{} feature rows",
            self.weights.len()
        );
        assert!(
            (1..=MAX_BUCKETS).contains(&buckets) && self.out_bias.len() == buckets,
            "{buckets} output buckets, {} biases",
            self.out_bias.len()
        );
        if let Some(layer) = &self.layer {
            assert!(
                layer.weights.len() == LAYER
                    && layer.bias.len() == LAYER
                    && layer.out.len() == buckets,
                "a second layer of {} neurons, {} biases, {} output rows",
                layer.weights.len(),
                layer.bias.len(),
                layer.out.len()
            );
        }
        let layered = self.layer.is_some();
        let (total, head) = (
            size(king_buckets, buckets, layered),
            header(king_buckets, buckets, layered),
        );
        let mut body = Vec::with_capacity(total - head);
        let mut rows = |rows: &mut dyn Iterator<Item = &Row>| {
            for r in rows {
                for v in r.0 {
                    body.extend_from_slice(&v.to_le_bytes());
                }
            }
        };
        rows(
            &mut self
                .weights
                .iter()
                .chain([&self.bias])
                .chain(self.out.iter().flatten()),
        );
        if let Some(layer) = &self.layer {
            rows(&mut layer.weights.iter().flatten());
            for b in &layer.bias {
                body.extend_from_slice(&b.to_le_bytes());
            }
            for w in layer.out.iter().flatten() {
                body.extend_from_slice(&w.to_le_bytes());
            }
        }
        for b in &self.out_bias {
            body.extend_from_slice(&b.to_le_bytes());
        }
        let mut bytes = Vec::with_capacity(total);
        bytes.extend_from_slice(MAGIC);
        let version: u32 = match head {
            24 => 1,
            28 => 2,
            _ => 3,
        };
        bytes.extend_from_slice(&version.to_le_bytes());
        bytes.extend_from_slice(&((king_buckets * INPUTS) as u32).to_le_bytes());
        bytes.extend_from_slice(&(HIDDEN as u32).to_le_bytes());
        if head >= 28 {
            bytes.extend_from_slice(&(buckets as u32).to_le_bytes());
        }
        if layered {
            bytes.extend_from_slice(&(LAYER as u32).to_le_bytes());
        }
        bytes.extend_from_slice(&fnv1a(&body).to_le_bytes());
        bytes.extend_from_slice(&body);
        bytes
    }
}

/// Reads little-endian values one after the other from a file whose length is checked.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn i16(&mut self) -> i16 {
        let v = i16::from_le_bytes([self.bytes[self.at], self.bytes[self.at + 1]]);
        self.at += 2;
        v
    }

    fn i32(&mut self) -> i32 {
        let mut b = [0u8; 4];
        b.copy_from_slice(&self.bytes[self.at..self.at + 4]);
        self.at += 4;
        i32::from_le_bytes(b)
    }

    fn row(&mut self) -> Row {
        let mut r = Row::default();
        for v in &mut r.0 {
            *v = self.i16();
        }
        r
    }
}

#!/usr/bin/env python3
"""The server under the exhaustion cases a hostile user found (issue 72), measured from outside:
peak and settled memory (RSS) of the server process, and how a game's moves fare meanwhile.

Usage: python3 tools/server_exhaust.py SERVER_BINARY [CASE...]
       python3 tools/server_exhaust.py --storm PORT PID
  (--storm: 200 registrations at once from 200 addresses against a server already running on
  127.0.0.1:PORT, for example under `chuhan-server loadtest`; prints the server's peak RSS.)
  CASES: logins (a storm of 200 registrations from 200 loopback addresses while two players
         move), silent (1,100 TCP connections that send nothing from one address), mutes (one player
         muting 300 names nobody has), watchers (four clients that never read, watching and
         unwatching a game with 300 long chat lines); default: all of them.

Each case starts its own server (SQLite in memory) on 127.0.0.1 with the default limits, except
`logins_per_minute` raised so that the storm reaches the password work. Needs `websockets` and
`psutil` from PyPI. Loopback only: every address is 127.0.0.0/8, every loop is bounded.
"""
import asyncio
import json
import socket
import subprocess
import sys
import time

import psutil
import websockets


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Running:
    """A server on loopback whose memory is watched: started by someone else (`--storm`), or
    by this program ([`Server`])."""
    def __init__(self, port, pid):
        self.port, self.ps, self.peak = port, psutil.Process(pid), 0

    def rss_mb(self):
        rss = self.ps.memory_info().rss / 1e6
        self.peak = max(self.peak, rss)
        return rss

    async def watch_memory(self, stop):
        while not stop.is_set():
            self.rss_mb()
            await asyncio.sleep(0.05)

    def url(self):
        return f"ws://127.0.0.1:{self.port}/ws"


async def registrations(server, prefix):
    """200 registrations at once, each from an address of its own: (logged in, refusal) for
    each, and the seconds they took."""
    stamp = int(time.time()) % 10**6
    started = time.monotonic()

    async def one(n):
        try:
            ws, answer = await register(server, f"{prefix}{stamp}x{n}",
                                        f"127.0.{1 + n // 250}.{1 + n % 250}")
            await ws.close()
            return answer["t"] == "logged_in", answer.get("code")
        except Exception as e:  # noqa: BLE001 (a refused connection counts as refused)
            return False, type(e).__name__
    results = await asyncio.gather(*(one(n) for n in range(200)))
    return results, time.monotonic() - started


async def storm(port, pid):
    server = Running(port, pid)
    stop = asyncio.Event()
    mem = asyncio.create_task(server.watch_memory(stop))
    base = server.rss_mb()
    results, storm_s = await registrations(server, "w")
    await asyncio.sleep(5)
    stop.set()
    await mem
    ok = sum(1 for logged_in, _ in results if logged_in)
    print(f"storm: 200 registrations at once from 200 addresses: {ok} logged in, "
          f"{200 - ok} refused in {storm_s:.1f} s; server RSS {base:.0f} MB before, "
          f"peak {server.peak:.0f} MB, {server.rss_mb():.0f} MB 5 s after")


class Server(Running):
    """A server of its own: SQLite in memory, on a free port."""
    def __init__(self, binary, extra=()):
        port = free_port()
        self.proc = subprocess.Popen(
            [binary, "--listen", f"127.0.0.1:{port}", "--database", "sqlite::memory:",
             "--log", "error", *extra], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        super().__init__(port, self.proc.pid)
        for _ in range(200):
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2):
                    break
            except OSError:
                time.sleep(0.05)

    def stop(self):
        self.proc.terminate()
        self.proc.wait(timeout=20)


async def client(server, from_ip="127.0.0.1", **kw):
    ws = await websockets.connect(server.url(), local_addr=(from_ip, 0), max_size=None,
                                  open_timeout=30, **kw)
    await ws.send(json.dumps({"t": "hello", "protocol": 1, "client": "exhaust"}))
    await expect(ws, "welcome")
    return ws


async def expect(ws, *kinds, timeout=60):
    end = time.monotonic() + timeout
    while True:
        msg = json.loads(await asyncio.wait_for(ws.recv(), max(0.01, end - time.monotonic())))
        if msg["t"] in kinds:
            return msg


async def register(server, name, from_ip="127.0.0.1"):
    ws = await client(server, from_ip)
    await ws.send(json.dumps({"t": "register", "name": name, "password": "long enough secret"}))
    return ws, await expect(ws, "logged_in", "error")


async def a_game(server):
    """Two registered players in a game; returns (red, black, game id)."""
    stamp = int(time.time() * 1000) % 10**8
    (red, _), (black, _) = [await register(server, f"p{stamp}{n}") for n in "rb"]
    await red.send(json.dumps({"t": "challenge", "to": f"p{stamp}b",
                               "time": {"base_s": 3600, "inc_s": 0}, "rated": False,
                               "color": "red", "rules": "asian"}))
    challenge = await expect(black, "challenged")
    await black.send(json.dumps({"t": "accept_challenge",
                                 "challenge": challenge["challenge"]["id"]}))
    game = (await expect(red, "game"))["game"]["id"]
    await expect(black, "game")
    return red, black, game


async def moving(red, black, game, stop, times, server=None):
    """Rooks back and forth, each move's acknowledgement timed (ms). The rules end such a game
    by repetition: then (given the server) another game starts."""
    cycle = ["a0a1", "a9a8", "a1a0", "a8a9"]
    ply = 0
    while not stop.is_set() and len(times) < 4000:
        mover = red if ply % 2 == 0 else black
        sent = time.monotonic()
        await mover.send(json.dumps({"t": "move", "game": game, "ply": ply,
                                     "mv": cycle[ply % 4]}))
        answer = await expect(mover, "moved", "error", "game_over")
        if answer["t"] == "moved":
            times.append((time.monotonic() - sent) * 1000)
            ply += 1
        elif server is None:
            return
        else:
            red, black, game = await a_game(server)
            ply = 0
        await asyncio.sleep(0.05)


def pct(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(len(xs) * p))] if xs else float("nan")


async def logins(binary):
    server = Server(binary, ["--logins-per-minute", "100000"])
    stop = asyncio.Event()
    mem = asyncio.create_task(server.watch_memory(stop))
    base = server.rss_mb()
    red, black, game = await a_game(server)
    times = []
    quiet = asyncio.Event()
    mover = asyncio.create_task(moving(red, black, game, quiet, times, server))
    results, storm_s = await registrations(server, "s")
    await asyncio.sleep(1)
    quiet.set()
    await mover
    peak = server.peak
    await asyncio.sleep(5)
    settled = server.rss_mb()
    stop.set()
    await mem
    refused = [c for ok, c in results if not ok]
    server.stop()
    print(f"logins: 200 registrations at once from 200 addresses during a game: "
          f"{200 - len(refused)} logged in, {len(refused)} refused ({sorted(set(map(str, refused)))}) "
          f"in {storm_s:.1f} s; server RSS {base:.0f} MB before, peak {peak:.0f} MB, "
          f"{settled:.0f} MB 5 s after; the game's moves meanwhile: {len(times)}, "
          f"p50 {pct(times, 0.5):.1f} ms, p99 {pct(times, 0.99):.1f} ms, "
          f"max {max(times, default=0):.1f} ms")


async def silent(binary):
    server = Server(binary)
    stop = asyncio.Event()
    mem = asyncio.create_task(server.watch_memory(stop))
    socks = []
    for _ in range(1100):
        s = socket.socket()
        s.setblocking(False)
        try:
            s.connect(("127.0.0.1", server.port))
        except BlockingIOError:
            pass
        socks.append(s)
    await asyncio.sleep(1)
    fds_held = server.ps.num_fds()
    # Meanwhile another player still gets in.
    started = time.monotonic()
    ws = await client(server, "127.0.0.2")
    await ws.send(json.dumps({"t": "guest"}))
    await expect(ws, "logged_in")
    in_ms = (time.monotonic() - started) * 1000
    await asyncio.sleep(11)
    fds_after = server.ps.num_fds()
    stop.set()
    await mem
    for s in socks:
        s.close()
    server.stop()
    print(f"silent: 1,100 TCP connections sending nothing from one address: the server held "
          f"{fds_held} file descriptors after 1 s, {fds_after} after 12 s (header timeout 10 s); "
          f"a guest from another address logged in meanwhile in {in_ms:.0f} ms; "
          f"peak RSS {server.peak:.0f} MB")


async def mutes(binary):
    server = Server(binary)
    stop = asyncio.Event()
    mem = asyncio.create_task(server.watch_memory(stop))
    ws, _ = await register(server, f"m{int(time.time()) % 10**8}")
    refused = {}
    sent = 300
    # Under the server's 30 messages a second: each mute is judged, none refused for the rate.
    for n in range(sent):
        await ws.send(json.dumps({"t": "mute", "name": f"nobody{n:04}" + "x" * 40}))
        await asyncio.sleep(0.04)
    await ws.send(json.dumps({"t": "lobby", "subscribe": True}))
    while True:
        msg = json.loads(await asyncio.wait_for(ws.recv(), 60))
        if msg["t"] == "error":
            refused[msg["code"]] = refused.get(msg["code"], 0) + 1
        elif msg["t"] == "lobby":
            break
    stop.set()
    await mem
    server.stop()
    kept = sent - sum(refused.values())
    print(f"mutes: {sent} mutes of names nobody has, 25 a second: {kept} kept, refused "
          f"{refused or 'none'}; peak RSS {server.peak:.0f} MB")


async def watchers(binary):
    import os
    import tempfile
    conf = os.path.join(tempfile.mkdtemp(), "chuhan-server.toml")
    with open(conf, "w") as f:
        f.write("chat_per_10s = 10000\nmessages_per_s = 1000\n")
    server = Server(binary, ["--config", conf])
    stop = asyncio.Event()
    mem = asyncio.create_task(server.watch_memory(stop))
    red, black, game = await a_game(server)
    line = "楚河汉界" * 35  # 140 characters, 420 bytes
    for n in range(300):
        await red.send(json.dumps({"t": "chat", "room": {"kind": "game", "game": game},
                                   "text": f"{n:03}{line[3:]}"}))
    while True:
        msg = await expect(black, "chat")
        if msg["line"]["text"].startswith("299"):
            break
    probe = await client(server)
    await probe.send(json.dumps({"t": "guest"}))
    await expect(probe, "logged_in")
    await probe.send(json.dumps({"t": "watch", "game": game}))
    game_bytes = len(json.dumps(await expect(probe, "game"), ensure_ascii=False).encode())
    base = server.rss_mb()
    started = time.monotonic()
    closed_after = []

    def never_reads(n):
        # A WebSocket by hand, which reads nothing after the handshake (a client library keeps
        # reading into its own buffers).
        ws = raw_websocket(server.port, f"127.0.0.{10 + n}")
        ws.sendall(masked({"t": "hello", "protocol": 1, "client": "exhaust"}))
        ws.sendall(masked({"t": "guest"}))
        sent = 0
        try:
            while time.monotonic() - started < 30:
                ws.sendall(masked({"t": "watch", "game": game}))
                ws.sendall(masked({"t": "unwatch", "game": game}))
                sent += 1
                time.sleep(0.01)
            return sent, None
        except OSError:
            return sent, time.monotonic() - started
        finally:
            holding.append(ws)
    holding = []
    results = await asyncio.gather(*(asyncio.to_thread(never_reads, n) for n in range(4)))
    # What the server still holds of the four (a client that does not read may not notice that
    # the server closed it).
    held = sum(1 for c in server.ps.net_connections("tcp")
               if c.raddr and c.raddr.ip in {f"127.0.0.{10 + n}" for n in range(4)}
               and c.status == psutil.CONN_ESTABLISHED)
    import urllib.request
    metrics = urllib.request.urlopen(f"http://127.0.0.1:{server.port}/metrics", timeout=5).read()
    gauges = {line.split()[0]: line.split()[1] for line in metrics.decode().splitlines()
              if line.startswith("chuhan_") and " " in line}
    peak = server.peak
    await asyncio.sleep(5)
    settled = server.rss_mb()
    stop.set()
    await mem
    server.stop()
    print("server's gauges at 30 s (three other clients):", gauges.get("chuhan_connections"),
          "connections,", gauges.get("chuhan_sockets", "-"), "sockets")
    for ws in holding:
        ws.close()
    closed = [t for _, t in results if t is not None]
    print(f"watchers: a game whose `game` message is {game_bytes / 1024:.0f} KiB (300 chat lines "
          f"sent), four clients that never read sending watch/unwatch for 30 s "
          f"({sum(n for n, _ in results)} pairs): {4 - held} of 4 closed by the server at 30 s "
          f"({len(closed)} of them noticed it"
          f"{' after ' + ', '.join(f'{t:.1f}' for t in sorted(closed)) + ' s' if closed else ''}); "
          f"server RSS {base:.0f} MB before, peak {peak:.0f} MB, {settled:.0f} MB 5 s after")


def raw_websocket(port, from_ip):
    import base64
    import os
    sock = socket.create_connection(("127.0.0.1", port), timeout=10, source_address=(from_ip, 0))
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall((f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                  f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                  f"Sec-WebSocket-Version: 13\r\n\r\n").encode())
    head = b""
    while b"\r\n\r\n" not in head:
        head += sock.recv(1)
    assert head.startswith(b"HTTP/1.1 101"), head
    return sock


def masked(msg):
    """A client's text frame (masked, as RFC 6455 asks of clients)."""
    import os
    data = json.dumps(msg).encode()
    mask = os.urandom(4)
    n = len(data)
    head = bytes([0x81, 0x80 | n]) if n < 126 else bytes([0x81, 0x80 | 126]) + n.to_bytes(2, "big")
    return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data))


def main():
    if sys.argv[1] == "--storm":
        asyncio.run(storm(int(sys.argv[2]), int(sys.argv[3])))
        return
    binary = sys.argv[1]
    cases = sys.argv[2:] or ["logins", "silent", "mutes", "watchers"]
    for case in cases:
        asyncio.run(globals()[case](binary))


if __name__ == "__main__":
    main()

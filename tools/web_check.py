#!/usr/bin/env python3
"""The browser page checked in a real browser: Debian's headless Chromium driven over WebDriver
(chromium-driver), the page served by chuhan-server on loopback.

Usage: python3 tools/web_check.py SERVER WEB_DIR SHOTS_DIR

- the server's answers: index.html and the module with their MIME types, brotli and gzip
  chosen by Accept-Encoding, the hashed module kept for good and index.html revalidated (304);
- a desktop window (1280x720): the page loads with no console error, the loading words go once
  the board is drawn (the time since the page opened is read from the game's log), and the
  screenshot shows the board (tools/check_png.py);
- a game against the computer at level 3 (`?CHUHAN_PLAYERS=black&CHUHAN_LEVEL=3`, the page's
  query standing in for the desktop's environment): the engine answers from its Web Worker and
  the page keeps drawing frames while it searches (requestAnimationFrame's times, read from the
  page, against the span the game logs for the search);
- a phone (390x844, touch): the same page fits it and shows the board, a move is made by taps,
  and the game in progress is kept in the page's storage (opened again, the page offers it);
- bad input: the page served with no game server behind it (local play, online says so in
  words), a link to a seek that is gone, a browser without WebGL2 (a message, not a blank page);
- the sizes served (compressed as a browser receives them) and the time to the board are
  printed, for the README.

Standard library only. Everything talks to 127.0.0.1.
"""
import base64
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for(what, test, timeout, every=0.25):
    end = time.time() + timeout
    while time.time() < end:
        got = test()
        if got:
            return got
        time.sleep(every)
    raise SystemExit(f"FAIL: {what} within {timeout} s")


# Straight to loopback, never through a proxy the environment names.
DIRECT = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def http(url, headers=None, method="GET"):
    """Status, headers and body; status 0 while nothing listens yet."""
    req = urllib.request.Request(url, headers=headers or {}, method=method)
    try:
        with DIRECT.open(req, timeout=30) as r:
            return r.status, {k.lower(): v for k, v in r.headers.items()}, r.read()
    except urllib.error.HTTPError as e:
        return e.code, {k.lower(): v for k, v in e.headers.items()}, e.read()
    except (urllib.error.URLError, ConnectionError):
        return 0, {}, b""


class Driver:
    """A WebDriver session (W3C protocol over HTTP)."""

    def __init__(self, base, capabilities):
        self.base = base
        got = self.call("POST", "/session", {"capabilities": {"alwaysMatch": capabilities}})
        self.session = got["sessionId"]

    def call(self, method, path, body=None):
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(self.base + path, data=data, method=method,
                                     headers={"Content-Type": "application/json"})
        try:
            with DIRECT.open(req, timeout=300) as r:
                return json.loads(r.read())["value"]
        except urllib.error.HTTPError as e:
            raise SystemExit(f"FAIL: WebDriver {method} {path}: {e.read()[:500]!r}")

    def s(self, method, path, body=None):
        return self.call(method, f"/session/{self.session}{path}", body)

    def go(self, url):
        self.s("POST", "/url", {"url": url})

    def js(self, script, *args):
        return self.s("POST", "/execute/sync", {"script": script, "args": list(args)})

    def logs(self):
        return self.s("POST", "/se/log", {"type": "browser"})

    def screenshot(self, path):
        png = base64.b64decode(self.s("GET", "/screenshot"))
        with open(path, "wb") as f:
            f.write(png)

    def drive(self, name):
        """A text the game keeps on window.chuhanDrive (`?CHUHAN_DRIVE=1`, src/dev/drive.rs)."""
        return self.js(f"return (window.chuhanDrive || {{}})['{name}'] || ''")

    def press(self, x, y, touch=False):
        """A click (or a tap) at page pixels, as a player makes it: press, 60 ms, release."""
        kind = "touch" if touch else "mouse"
        self.s("POST", "/actions", {"actions": [{
            "type": "pointer", "id": "p", "parameters": {"pointerType": kind},
            "actions": [
                {"type": "pointerMove", "duration": 0, "x": int(x), "y": int(y)},
                {"type": "pointerDown", "button": 0},
                {"type": "pause", "duration": 60},
                {"type": "pointerUp", "button": 0},
            ]}]})
        self.s("DELETE", "/actions")

    def quit(self):
        try:
            self.s("DELETE", "")
        except SystemExit:
            pass


def chrome(width, height, mobile=False, extra=()):
    args = [*extra, "--headless=new", "--no-sandbox", "--use-angle=swiftshader",
            "--enable-unsafe-swiftshader", "--disable-gpu-sandbox", "--no-first-run",
            "--disable-background-networking", "--disable-component-update",
            "--disable-default-apps", "--disable-sync", "--metrics-recording-only",
            "--no-default-browser-check", f"--window-size={width},{height}"]
    options = {"binary": "/usr/bin/chromium", "args": args}
    if mobile:
        options["mobileEmulation"] = {
            "deviceMetrics": {"width": width, "height": height, "pixelRatio": 1.0, "touch": True},
            "userAgent": "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 "
                         "(KHTML, like Gecko) Chrome/156.0 Mobile Safari/537.36",
        }
    return {"browserName": "chrome", "goog:chromeOptions": options,
            "goog:loggingPrefs": {"browser": "ALL"}}


def problems_in(entries):
    """Errors on the console: the browser's (level SEVERE) and the game's own (Bevy logs them
    as `%cERROR` lines at the console's info level). None may appear."""
    return [e["message"] for e in entries
            if e.get("level") == "SEVERE" or '"%cERROR%c' in e.get("message", "")]


def board_time(entries):
    for e in entries:
        text = e.get("message", "")
        if "the page shows the board" in text:
            digits = text.split("the page shows the board", 1)[1].split("ms")[0]
            return float("".join(c for c in digits if c.isdigit() or c == "."))
    return None


def check_server(base, web):
    status, head, body = http(base + "/")
    assert status == 200 and head.get("content-type", "").startswith("text/html"), (status, head)
    assert head.get("cache-control") == "no-cache", head
    module = next(n for n in os.listdir(web) if n.startswith("chuhan-") and n.endswith("_bg.wasm"))
    assert module in body.decode(), "index.html does not name the build's module"
    sizes = {}
    for enc in ("br", "gzip"):
        total = 0
        for name in ("", module, module.replace("_bg.wasm", ".js")):
            status, head, got = http(f"{base}/{name}", {"Accept-Encoding": enc})
            assert status == 200, (name, status)
            assert head.get("content-encoding") == enc, (name, enc, head)
            total += len(got)
        sizes[enc] = total
    status, head, _ = http(f"{base}/{module}", {"Accept-Encoding": "br"})
    assert head.get("content-type") == "application/wasm", head
    assert "immutable" in head.get("cache-control", ""), head
    status, head, _ = http(base + "/index.html")
    status2, _, _ = http(base + "/index.html", {"If-Modified-Since": head["last-modified"]})
    assert status2 == 304, f"index.html asked again unchanged: {status2}, not 304"
    status, _, _ = http(base + "/no-such-file.js")
    assert status == 404, status
    print(f"served: index.html no-cache (304 when unchanged), {module} application/wasm, "
          f"immutable; compressed as served: {sizes['br'] / 1e6:.1f} MB brotli, "
          f"{sizes['gzip'] / 1e6:.1f} MB gzip")
    return sizes


def open_page(driver, url, shot, size, what):
    opened = time.time()
    driver.go(url)
    wait_for(f"{what}: the page showing the board (the loading words gone)",
             lambda: driver.js("return document.getElementById('message') === null"), 240)
    wall = time.time() - opened
    time.sleep(1.0)
    entries = driver.logs()
    bad = problems_in(entries)
    if bad:
        raise SystemExit(f"FAIL: {what}: console errors: " + " | ".join(bad[:5]))
    ms = board_time(entries)
    if ms is None:
        raise SystemExit(f"FAIL: {what}: the game never logged the board's first frame")
    driver.screenshot(shot)
    check = [sys.executable, os.path.join(HERE, "check_png.py"), shot, str(size[0]), str(size[1])]
    subprocess.run(check, check=True)
    print(f"{what}: board after {ms / 1000:.2f} s (page's clock), {wall:.2f} s (WebDriver's); "
          "no console error")
    return ms


def computer_game(driver, base, shots, level):
    """A game against a level (the page playing Black by clicks, out of book): the frames the
    page drew while the engine searched in its worker.

    The first search overlaps the page's start (shaders compiled on the main thread, the worker
    loading), so the frames are recorded from the second search on, over three searches."""
    moves = "a0a1+a9a8+i0i1+i9i8"
    # Scripted pages share one folder in the page's storage (`/chuhan-script`): the last one's
    # unfinished game would be offered back.
    driver.js("try { localStorage.clear(); } catch (e) {}")
    driver.go(f"{base}/?CHUHAN_PLAYERS=black&CHUHAN_LEVEL={level}&CHUHAN_MOVES={moves}"
              "&CHUHAN_DRIVE=1")
    answered = []

    def answers(n):
        def enough():
            for e in driver.logs():
                text = e.get("message", "")
                if problems_in([e]):
                    raise SystemExit(f"FAIL: computer game: console error: {text}")
                if "answered job" in text:
                    words = text.replace(",", " ").split()
                    nums = [float(w) for w in words if w.replace(".", "").isdigit()]
                    answered.append((nums[-2], nums[-1]))
            return len(answered) >= n
        return enough

    def plies():
        return int(state(driver).get("plies", "0"))

    def black_moves():
        """Black's rooks go back and forth; False when none can (Black in check, say)."""
        before = plies()
        for frm, to in (("a8", "a9"), ("a9", "a8"), ("i8", "i9"), ("i9", "i8")):
            try:
                driver.press(*point(driver, frm))
                wait_for(f"{frm} picked up", lambda f=frm: state(driver).get("selected") == f, 20)
            except SystemExit:
                continue
            driver.press(*point(driver, to))
            try:
                wait_for(f"{frm}{to} played", lambda: plies() > before, 20)
                return True
            except SystemExit:
                driver.press(*point(driver, frm))
        return False

    wait_for(f"level {level}'s first move, from the engine's worker", answers(1), 240)
    wait_for("Red's move on the board", lambda: plies() == 5, 60)
    driver.js("window.chuhanFrames = []; const f = (t) => { window.chuhanFrames.push(t); "
              "if (window.chuhanFrames.length < 20000) requestAnimationFrame(f); }; "
              "requestAnimationFrame(f);")
    first = len(answered)
    for n in range(3):
        if not black_moves():
            if n == 0:
                raise SystemExit("FAIL: no move of Black's rooks could be played")
            break
        wait_for(f"level {level}'s answer", answers(first + n + 1), 120)
        wait_for(f"level {level}'s move on the board", lambda n=n: plies() == 7 + 2 * n, 60)
    frames = driver.js("return window.chuhanFrames")
    spans = answered[first:]
    think = sum(b - a for a, b in spans)
    inside = [t for t in frames if any(a <= t <= b for a, b in spans)]
    gaps = [b - a for a, b in zip(frames, frames[1:]) if any(s <= b and a <= e for s, e in spans)]
    longest = max(gaps) if gaps else float("inf")
    mean = (sum(gaps) / len(gaps)) if gaps else float("inf")
    print(f"level {level} in the worker: {len(spans)} searches, {think:.0f} ms in all; the page "
          f"drew {len(inside)} frames meanwhile ({1000 * len(inside) / max(think, 1):.1f} a "
          f"second), mean gap {mean:.0f} ms, longest {longest:.0f} ms")
    longest_search = max(b - a for a, b in spans)
    # Where the searches are long enough to see (more than a second), frames came all through
    # them: a search on the page's thread would stop the page for its whole length.
    if longest_search > 1000 and (len(inside) < len(spans) or longest >= longest_search):
        raise SystemExit("FAIL: the page stopped drawing while the engine searched")
    driver.screenshot(os.path.join(shots, f"web-computer-level{level}.png"))
    return longest_search


def button(driver, words, timeout=120):
    """The centre of the button whose words start with `words`, once the game shows it."""
    def found():
        for line in driver.drive("buttons.txt").splitlines():
            parts = line.split(" ", 2)
            if len(parts) == 3 and parts[2].startswith(words):
                return float(parts[0]), float(parts[1])
        return None
    return wait_for(f"the button {words!r}", found, timeout)


def click(driver, words, timeout=120):
    x, y = button(driver, words, timeout)
    driver.press(x, y)


def state(driver):
    out = {}
    for line in driver.drive("state.txt").splitlines():
        key, _, value = line.partition(" ")
        out.setdefault(key, value)
    return out


def point(driver, square):
    for line in driver.drive("points.txt").splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[0] == square:
            return float(parts[1]), float(parts[2])
    raise SystemExit(f"FAIL: the point {square} is not on screen")


def move(driver, others, frm, to, plies, touch=False):
    """A move by two clicks (or taps) on the points; every page then shows `plies` moves."""
    driver.press(*point(driver, frm), touch=touch)
    wait_for(f"{frm} picked up", lambda: state(driver).get("selected") == frm, 60)
    driver.press(*point(driver, to), touch=touch)
    for d in [driver] + others:
        wait_for(f"{frm}{to} seen on every page",
                 lambda d=d: int(state(d).get("plies", "0")) >= plies, 60)


def online_game(dbase, base, shots):
    """Two pages, two guests: one seeks, the other opens the seek's link; two moves by clicks."""
    red_page = Driver(dbase, chrome(1024, 640))
    other = Driver(dbase, chrome(1024, 640))
    try:
        red_page.go(base + "/?CHUHAN_DRIVE=1")
        click(red_page, "联网对弈", 240)
        click(red_page, "游客对弈")
        click(red_page, "发出邀请")
        seek = wait_for("the seek opened", lambda: state(red_page).get("seek"), 60)
        other.go(f"{base}/?CHUHAN_DRIVE=1&seek={seek}")
        sides = {}
        for d in (red_page, other):
            sides[wait_for("a side in the game", lambda d=d: state(d).get("side"), 240)] = d
        red, black = sides["red"], sides["black"]
        started = time.time()
        move(red, [black], "h2", "e2", 1)
        move(black, [red], "h9", "g7", 2)
        print(f"online: a guest's seek taken through its link (/?seek={seek}); two moves by "
              f"clicks, each seen on the other page, in {time.time() - started:.1f} s")
        red.screenshot(os.path.join(shots, "web-online-red.png"))
        black.screenshot(os.path.join(shots, "web-online-black.png"))
        for d in (red, black):
            bad = problems_in(d.logs())
            if bad:
                raise SystemExit("FAIL: online: console errors: " + " | ".join(bad[:5]))
        # A link to a seek that is gone: said in words, the page goes on.
        other.go(f"{base}/?CHUHAN_DRIVE=1&seek={int(seek) + 1000}")
        wait_for("the gone seek said in words", lambda: any(
            "这个邀请已被接受或取消" in t for t in other.drive("texts.txt").splitlines()), 120)
        print("a link to a seek that is gone: 这个邀请已被接受或取消 (That seek was taken or withdrawn)")
    finally:
        red_page.quit()
        other.quit()


def bad_input(dbase, web, shots):
    """The page with no game server behind it, and a browser without WebGL2."""
    port = free_port()
    static = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind",
                               "127.0.0.1", "--directory", web],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    page = None
    try:
        wait_for("the static server", lambda: http(f"http://127.0.0.1:{port}/")[0] == 200, 30)
        page = Driver(dbase, chrome(1024, 640))
        page.go(f"http://127.0.0.1:{port}/?CHUHAN_DRIVE=1")
        wait_for("the board with no game server", lambda: page.js(
            "return document.getElementById('message') === null"), 240)
        click(page, "联网对弈", 240)
        click(page, "游客对弈")
        said = wait_for("the missing server said in words", lambda: next(
            (t for t in page.drive("texts.txt").splitlines() if "没有开启" in t), None), 60)
        print(f"no game server behind the page: the board plays locally; online says: {said}")
        page.quit()
        page = Driver(dbase, chrome(800, 600, extra=["--disable-3d-apis"]))
        page.go(f"http://127.0.0.1:{port}/")
        words = wait_for("the no-WebGL2 message", lambda: (lambda t: t if "WebGL2" in t else None)(
            page.js("return document.body.innerText")), 30)
        page.screenshot(os.path.join(shots, "web-no-webgl2.png"))
        print("no WebGL2: " + " / ".join(words.split("\n")[:3]))
    finally:
        if page:
            page.quit()
        static.terminate()


def main():
    server_bin, web, shots = sys.argv[1], sys.argv[2], sys.argv[3]
    os.makedirs(shots, exist_ok=True)
    port, driver_port = free_port(), free_port()
    base = f"http://127.0.0.1:{port}"
    scratch = tempfile.mkdtemp(prefix="chuhan-web-")
    server = subprocess.Popen([server_bin, "--listen", f"127.0.0.1:{port}", "--database",
                               "sqlite::memory:", "--web", web, "--log", "warn"],
                              cwd=scratch)
    driver_proc = subprocess.Popen(["chromedriver", f"--port={driver_port}",
                                    "--allowed-ips=127.0.0.1", "--log-level=WARNING"],
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    drivers = []
    try:
        wait_for("the server answering", lambda: http(base + "/healthz")[0] == 200, 30)
        wait_for("chromedriver answering",
                 lambda: http(f"http://127.0.0.1:{driver_port}/status")[0] == 200, 30)
        check_server(base, web)
        dbase = f"http://127.0.0.1:{driver_port}"
        desktop = Driver(dbase, chrome(1280, 720))
        drivers.append(desktop)
        inner = desktop.js("return [window.innerWidth, window.innerHeight]")
        open_page(desktop, base + "/", os.path.join(shots, "web-board.png"), inner, "desktop")
        # Sound: the game's audio contexts wait for the first click, then play.
        before = desktop.js("return (window.chuhanAudio || []).map(c => c.state)")
        desktop.press(640, 360)
        after = wait_for("the sound running after the first click", lambda: (lambda st: st if st
                         and all(x == "running" for x in st) else None)(desktop.js(
                             "return (window.chuhanAudio || []).map(c => c.state)")), 30)
        print(f"sound: audio contexts {before} before the first click, {after} after")
        computer_game(desktop, base, shots, 3)
        # 大师 searches for seconds: long enough to see the page go on drawing meanwhile.
        if computer_game(desktop, base, shots, 6) <= 1000:
            raise SystemExit("FAIL: level 6 answered within a second: nothing measured")
        desktop.quit()
        online_game(dbase, base, shots)
        bad_input(dbase, web, shots)
        phone = Driver(dbase, chrome(390, 844, mobile=True))
        drivers.append(phone)
        open_page(phone, base + "/?CHUHAN_DRIVE=1", os.path.join(shots, "web-phone.png"),
                  (390, 844), "phone 390x844")
        inner = phone.js("return [window.innerWidth, window.innerHeight]")
        assert inner == [390, 844], f"the phone's page is {inner}, not 390x844"
        move(phone, [], "h2", "e2", 1, touch=True)
        print("phone: a move by two taps (touch events) on the points")
        phone.screenshot(os.path.join(shots, "web-phone-moved.png"))
        # The game in progress and the settings are kept in the page's storage: opened again,
        # the page offers to go on with the game.
        keys = wait_for("the autosave in the page's storage", lambda: (lambda k: k if
                        "chuhan:/chuhan/autosave.ron" in k else None)(
                            phone.js("return Object.keys(localStorage)")), 30)
        phone.go(base + "/?CHUHAN_DRIVE=1")
        wait_for("the resume question after opening the page again", lambda: any(
            "上次的对局没有下完" in t for t in phone.drive("texts.txt").splitlines()), 240)
        print(f"storage: {sorted(k for k in keys if k.startswith('chuhan'))} kept; opened "
              "again, the page asks 上次的对局没有下完，继续吗？")
        phone.quit()
    finally:
        for d in drivers:
            d.quit()
        driver_proc.terminate()
        server.terminate()
        server.wait(timeout=20)
    print("web check: ok")


if __name__ == "__main__":
    main()

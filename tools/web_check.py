#!/usr/bin/env python3
"""The browser page checked in a real browser: Debian's headless Chromium driven over WebDriver
(chromium-driver), the page served by chuhan-server on loopback.

Usage: python3 tools/web_check.py SERVER WEB_DIR SHOTS_DIR [DESKTOP_GAME]

- the server's answers: index.html and the module with their MIME types, brotli and gzip
  chosen by Accept-Encoding, the hashed module kept for good and index.html revalidated (304);
- a desktop window (1280x720): the page loads with no console error, the loading words go once
  the board is drawn (the time since the page opened is read from the game's log), and the
  screenshot shows the board (tools/check_png.py);
- a game against the computer at level 3 (`?CHUHAN_PLAYERS=black&CHUHAN_LEVEL=3`, the page's
  query standing in for the desktop's environment): the engine answers from its Web Worker and
  the page keeps drawing frames while it searches (requestAnimationFrame's times, read from the
  page, against the span the game logs for the search);
- records: a save goes to the browser's downloads (a PGN of the game), a file picked in the
  browser's file dialog (an XQF) is kept in the page's storage and opens, and an unreadable
  one leaves nothing there;
- online: two pages meet through a seek's link and make two moves by clicks; with
  DESKTOP_GAME (the desktop build, in an Xvfb window clicked by xdotool), the desktop game seeks,
  the page takes the seek, they play a whole game to mate by clicks on each side, and each
  saves the record (the desktop in its records folder, the page to the browser's downloads);
- a phone (390x844, touch): the same page fits it and shows the board, a move is made by taps,
  every button is at least 44 px tall, taps act on a menu, a dialog's button, a side button and
  a form's field, and the game in progress is kept in the page's storage (opened again, the
  page offers it; opened from a link to a gone seek, the link's answer comes first and the
  offer only once back at the board);
- the computer with the server gone after the page loaded (it answers: the engine came with the
  page), and with the engine's files blocked (a message says why; unblocked, it answers);
- bad input: the page served with no game server behind it (local play, online says so in
  words), a link to a seek that is gone, a browser without WebGL2 (a message, not a blank page),
  the page's storage full and then refused (a message in Chinese, the game goes on, what was
  saved stays, and 保存棋谱 becomes a download);
- the page as an installed app: its manifest (name, standalone, icons 192 and 512) and service
  worker served; the worker keeps the build; with the server stopped the page opens again, shows
  the board, plays five moves each against level 3 and still lists a record kept in its storage;
  a new build served is what the next load runs, and the old build's cache is deleted;
- the sizes served (compressed as a browser receives them), the offline cache and the time to
  the board are printed, for the README.

Standard library only. Everything talks to 127.0.0.1.
"""
import base64
import json
import os
import shutil
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


def chrome(width, height, mobile=False, extra=(), lang="zh-CN"):
    """A headless Chromium whose languages are `lang` (the page's first start speaks the first
    language the browser prefers: the checks read the Chinese words unless told otherwise)."""
    args = [*extra, f"--lang={lang}", f"--accept-lang={lang}", "--headless=new", "--no-sandbox", "--use-angle=swiftshader",
            "--enable-unsafe-swiftshader", "--disable-gpu-sandbox", "--no-first-run",
            "--disable-background-networking", "--disable-component-update",
            "--disable-default-apps", "--disable-sync", "--metrics-recording-only",
            "--no-default-browser-check", f"--window-size={width},{height}"]
    options = {"binary": "/usr/bin/chromium", "args": args,
               "prefs": {"intl.accept_languages": lang}}
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


def start_screen(driver, base, shots):
    """A new player's first sight: the start screen over the scene, its seven entries; 回到棋盘
    closes it and leaves the board."""
    driver.go(base + "/?CHUHAN_DRIVE=1&CHUHAN_START=1")
    for words in ("回到棋盘", "人机对弈", "双人对弈", "联网对弈", "残局挑战", "棋谱", "设置"):
        button(driver, words, 120)
    driver.screenshot(os.path.join(shots, "web-start.png"))
    click(driver, "回到棋盘")
    def closed():
        lines = [l.split(" ", 2) for l in driver.drive("buttons.txt").splitlines()]
        return not any(len(p) == 3 and p[2].startswith("人机对弈") for p in lines)
    wait_for("the start screen closed by 回到棋盘", closed, 30)
    print("start screen: seven entries over the scene; 回到棋盘 closed it")


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


def pick_file(driver, path):
    """`path` picked in the page's file dialog (handed to its file input, as WebDriver does)."""
    wait_for("the page's file input", lambda: driver.js(
        "return !!document.getElementById('chuhan-open-file')"), 30)
    found = driver.s("POST", "/element", {"using": "css selector", "value": "#chuhan-open-file"})
    driver.s("POST", f"/element/{next(iter(found.values()))}/value", {"text": path})


def records(driver, scratch, record):
    """Records to and from the player's files: a save goes to the browser's downloads as a PGN;
    a file picked in the browser's dialog (here handed to the page's file input as WebDriver
    does) is kept in the page's storage and opens as a record."""
    downloads = os.path.join(scratch, "downloads")
    os.makedirs(downloads, exist_ok=True)
    driver.s("POST", "/chromium/send_command", {"cmd": "Browser.setDownloadBehavior", "params": {
        "behavior": "allow", "downloadPath": downloads}})
    plies = int(state(driver).get("plies", "0"))
    click(driver, "棋谱")
    click(driver, "保存棋谱")
    names = wait_for("the saved record among the browser's downloads", lambda: [
        n for n in os.listdir(downloads) if n.endswith(".pgn")] or None, 60)
    with open(os.path.join(downloads, names[0]), encoding="utf-8") as f:
        pgn = f.read()
    last = f"{(plies + 1) // 2}."
    if "[Result" not in pgn or f" {last} " not in pgn:
        raise SystemExit(f"FAIL: the downloaded {names[0]} is not the game of {plies} plies:\n"
                         f"{pgn[:400]}")
    print(f"records: saved, the browser downloaded {names[0]} ({len(pgn.encode())} bytes, "
          f"{plies} plies)")
    click(driver, "棋谱")
    click(driver, "从本机文件读取")
    pick_file(driver, record)

    def opened():
        n = int(state(driver).get("plies", "0"))
        if n != plies:
            return n
        try:  # The game in progress: the page asks before leaving it.
            driver.press(*button(driver, "确定", timeout=0.5))
        except SystemExit:
            pass
        return None
    n = wait_for("the picked record open", opened, 60)
    key = "chuhan:/chuhan-script/records/" + os.path.basename(record).rsplit(".", 1)[0]
    kept = [k for k in driver.js("return Object.keys(localStorage)") if k.startswith(key)]
    if not kept:
        raise SystemExit(f"FAIL: the picked file is not in the page's storage ({key}...)")
    print(f"records: {os.path.basename(record)} picked, kept as {kept[0]!r}, opened ({n} plies)")
    # A file that cannot be read leaves nothing in the page's storage.
    garbage = os.path.join(scratch, "garbage-1MB.xqf")
    with open(garbage, "wb") as f:
        f.write(b"XQ" + bytes(range(256)) * 4096)
    click(driver, "棋谱")
    click(driver, "从本机文件读取")
    pick_file(driver, garbage)
    said = wait_for("the unreadable file said in words", lambda: [
        t for t in driver.drive("texts.txt").splitlines() if "棋谱无法打开" in t], 60)
    left = lambda: [k for k in driver.js("return Object.keys(localStorage)") if "garbage" in k]
    wait_for("the unreadable file gone from the page's storage", lambda: not left(), 30)
    print(f"records: an unreadable 1 MB .xqf picked: {said[0].strip()!r}; nothing of it left in "
          "the page's storage")


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


def storage_refused(dbase, base):
    """The page's storage full, then refused: a message in words, the game goes on, and what
    was saved before stays."""
    page = Driver(dbase, chrome(1024, 640))
    try:
        page.go(base + "/?CHUHAN_DRIVE=1")
        page.js("try { localStorage.clear(); } catch (e) {}")
        page.go(base + "/?CHUHAN_DRIVE=1")
        wait_for("the board", lambda: page.drive("points.txt"), 240)
        move(page, [], "h2", "e2", 1)
        plies = lambda: int(state(page).get("plies", "0"))
        wait_for("the computer's answer", lambda: plies() == 2, 120)
        key = "chuhan:/chuhan/autosave.ron"
        kept = wait_for("the autosave written", lambda: (lambda v: v if v and "moves" in v
                        else None)(page.js(f"return localStorage.getItem('{key}')")), 30)
        # Full: every write refused from now on, as a browser refuses past its quota.
        page.js("Storage.prototype.setItem = function () { throw new DOMException("
                "'The quota has been exceeded.', 'QuotaExceededError'); };")
        move(page, [], "h0", "g2", 3)
        said = wait_for("the full storage said in words", lambda: [
            t for t in page.drive("texts.txt").splitlines() if "无法保存" in t], 30)
        if page.js(f"return localStorage.getItem('{key}')") != kept:
            raise SystemExit("FAIL: the autosave saved before the storage filled up is gone")
        wait_for("the computer's answer", lambda: plies() == 4, 120)
        if "the browser" in said[0] or "这个网页的存储空间已满" not in said[0]:
            raise SystemExit(f"FAIL: storage full said half in English: {said[0]!r}")
        print(f"storage full: {said[0].strip()!r}; the game went on and the autosave saved "
              "before stayed as it was")
        # A record saved with the storage full still reaches the player, as a download.
        downloads = tempfile.mkdtemp(prefix="chuhan-full-downloads-")
        page.s("POST", "/chromium/send_command", {"cmd": "Browser.setDownloadBehavior",
               "params": {"behavior": "allow", "downloadPath": downloads}})
        click(page, "棋谱")
        click(page, "保存棋谱")
        names = wait_for("the record downloaded with the storage full", lambda: [
            n for n in os.listdir(downloads) if n.endswith(".pgn")] or None, 60)
        told = wait_for("the download said in words", lambda: [
            t for t in page.drive("texts.txt").splitlines() if "改为下载文件" in t], 30)
        with open(os.path.join(downloads, names[0]), encoding="utf-8") as f:
            if " 2. " not in f.read():
                raise SystemExit(f"FAIL: the downloaded {names[0]} is not the game of 4 plies")
        print(f"storage full, 保存棋谱: the browser downloaded {names[0]}; said {told[0].strip()!r}")
        # Refused: the page opened where the browser gives it no storage at all.
        page.s("POST", "/chromium/send_command", {"cmd": "Page.addScriptToEvaluateOnNewDocument",
               "params": {"source": "Object.defineProperty(window, 'localStorage', { get() { "
                          "throw new DOMException('Access is denied for this document.', "
                          "'SecurityError'); } });"}})
        page.go(base + "/?CHUHAN_DRIVE=1")
        wait_for("the board", lambda: page.drive("points.txt"), 240)
        move(page, [], "h2", "e2", 1)
        said = wait_for("the refused storage said in words", lambda: [
            t for t in page.drive("texts.txt").splitlines() if "无法保存" in t], 60)
        bad = [e for e in problems_in(page.logs()) if "storage" not in e.lower()]
        if bad:
            raise SystemExit("FAIL: storage refused: console errors: " + " | ".join(bad[:5]))
        print(f"storage refused: the page plays, and says {said[0].strip()!r}")
    finally:
        page.quit()


def first_start_language(dbase, base):
    """A browser that prefers Vietnamese, then one that prefers Traditional Chinese (Taiwan): the
    page's first start speaks each (navigator.languages)."""
    for lang, word in (("vi-VN", "Trò chơi"), ("zh-TW", "遊戲")):
        page = Driver(dbase, chrome(1024, 640, lang=lang))
        try:
            page.go(base + "/?CHUHAN_DRIVE=1")
            said = page.js("return navigator.languages")
            wait_for(f"the page's first start in {lang}", lambda: word in page.drive("texts.txt"),
                     240)
            print(f"first start in a browser preferring {said}: the page speaks {lang} ({word})")
        finally:
            page.quit()


def restartable(server_bin, web):
    """A server of the page in `web` on a free loopback port: its address, and how to start it
    (again, on the same port)."""
    port = free_port()
    start = lambda: subprocess.Popen([server_bin, "--listen", f"127.0.0.1:{port}", "--database",
                                      "sqlite::memory:", "--web", web, "--log", "warn"])
    return f"http://127.0.0.1:{port}", start


def computer_without_server(dbase, server_bin, web):
    """The server gone before the computer's first search: the engine was fetched with the page,
    so the computer still answers. The engine's files never fetched (blocked): a message says
    why, and the computer answers once they can be fetched again."""
    base, start = restartable(server_bin, web)
    server = start()
    page = None
    try:
        wait_for("the second server", lambda: http(base + "/healthz")[0] == 200, 30)
        page = Driver(dbase, chrome(1024, 640))
        page.go(base + "/?CHUHAN_DRIVE=1")
        page.js("try { localStorage.clear(); } catch (e) {}")
        page.go(base + "/?CHUHAN_DRIVE=1")
        wait_for("the board", lambda: page.drive("points.txt"), 240)
        wait_for("the engine fetched with the page", lambda: page.js(
            "return window.chuhanEngineReady === true"), 120)
        server.terminate()
        server.wait(timeout=20)
        plies = lambda: int(state(page).get("plies", "0"))
        move(page, [], "h2", "e2", 1)
        wait_for("the computer's answer with the server gone", lambda: plies() == 2, 120)
        print("server stopped before the computer's first search: the computer answered "
              "(its engine was fetched with the page)")
        page.quit()
        page = None
        server = start()
        wait_for("the server back", lambda: http(base + "/healthz")[0] == 200, 30)
        page = Driver(dbase, chrome(1024, 640))
        block = lambda urls: page.s("POST", "/chromium/send_command", {
            "cmd": "Network.setBlockedURLs", "params": {"urls": urls}})
        page.s("POST", "/chromium/send_command", {"cmd": "Network.enable", "params": {}})
        block(["*engine-*"])
        page.go(base + "/?CHUHAN_DRIVE=1")
        page.js("try { localStorage.clear(); } catch (e) {}")
        page.go(base + "/?CHUHAN_DRIVE=1")
        wait_for("the board", lambda: page.drive("points.txt"), 240)
        move(page, [], "h2", "e2", 1)
        said = wait_for("the missing engine said in words", lambda: [
            t for t in page.drive("texts.txt").splitlines() if "电脑的程序无法从服务器载入" in t], 60)
        block([])
        wait_for("the computer's answer once the engine can be fetched", lambda: plies() == 2, 120)
        print(f"the engine never fetched: {said[0].strip()!r}; unblocked, the computer answered")
    finally:
        if page:
            page.quit()
        server.terminate()
        server.wait(timeout=20)


def png_size(data):
    """A PNG's width and height, from its header."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


def installed_offline(dbase, server_bin, web, shots, record):
    """The page as an installed app: its manifest and service worker served; the worker keeps the
    build; then the server stopped and the page opened again with no network: the board, five
    moves each against the computer at level 3, and a record kept in the page's storage still
    listed. Then a new build served (its files renamed by a new hash, as a build names them):
    the next load takes it, and the new worker deletes the old build's cache."""
    root = tempfile.mkdtemp(prefix="chuhan-pwa-")
    site = os.path.join(root, "site")
    shutil.copytree(web, site)
    base, start = restartable(server_bin, site)
    server = start()
    page = None
    try:
        wait_for("the app's server", lambda: http(base + "/healthz")[0] == 200, 30)
        status, head, body = http(base + "/manifest.webmanifest")
        assert status == 200, status
        assert head.get("content-type", "").startswith("application/manifest+json"), head
        manifest = json.loads(body)
        assert manifest["display"] == "standalone" and "楚汉象棋" in manifest["name"], manifest
        icons = {}
        for icon in manifest["icons"]:
            status, _, png = http(f"{base}/{icon['src']}")
            assert status == 200, icon
            w, h = png_size(png)
            assert icon["sizes"] == f"{w}x{h}", (icon, w, h)
            icons[w] = icon["src"]
        assert {192, 512} <= set(icons), icons
        status, head, _ = http(base + "/sw.js")
        assert status == 200 and "javascript" in head.get("content-type", ""), head
        assert head.get("cache-control") == "no-cache", head
        print(f"app: manifest {manifest['name']!r}, display {manifest['display']}, icons "
              f"{sorted(icons)}; sw.js served no-cache")
        module = next(n for n in os.listdir(site) if n.startswith("chuhan-") and n.endswith(".js"))
        engine = next(n for n in os.listdir(site) if n.startswith("engine-") and n.endswith(".js"))
        hash1, ehash1 = module[len("chuhan-"):-3], engine[len("engine-"):-3]
        build1 = f"chuhan-{hash1}-{ehash1}"
        url = base + "/?CHUHAN_DRIVE=1&CHUHAN_LEVEL=3"
        page = Driver(dbase, chrome(1024, 640))
        page.go(url)
        page.js("try { localStorage.clear(); } catch (e) {}")
        page.go(url)
        wait_for("the board", lambda: page.drive("points.txt"), 240)
        wait_for("the service worker active and the page under it", lambda: page.js(
            "return navigator.serviceWorker.controller !== null"), 120)
        wait_for("the build kept for offline play", lambda: page.js(
            "return caches.keys()") == [build1], 120)
        kept = page.js("""return caches.open(arguments[0]).then((c) => c.keys().then((reqs) =>
            Promise.all(reqs.map((r) => c.match(r).then((x) => x.blob()).then((b) => b.size)))))""",
                       build1)
        print(f"app: service worker active; the build kept in the cache {build1}: "
              f"{len(kept)} files, {sum(kept) / 1e6:.1f} MB")
        # A record kept in the page's storage (picked from the device, as a player does).
        click(page, "棋谱")
        click(page, "从本机文件读取")
        pick_file(page, record)
        stem = os.path.basename(record).rsplit(".", 1)[0]
        stored = lambda: [k for k in page.js("return Object.keys(localStorage)")
                          if "/records/" in k and stem in k]
        wait_for("the picked record in the page's storage", stored, 60)
        server.terminate()
        server.wait(timeout=20)
        assert http(base + "/")[0] == 0, "the server still answers"
        # And the device itself offline, as in flight mode (navigator.onLine false).
        network = lambda offline: page.s("POST", "/chromium/send_command", {
            "cmd": "Network.emulateNetworkConditions", "params": {
                "offline": offline, "latency": 0, "downloadThroughput": -1,
                "uploadThroughput": -1}})
        page.s("POST", "/chromium/send_command", {"cmd": "Network.enable", "params": {}})
        network(True)
        page.go(url)
        def board_or_resume():
            texts = page.drive("texts.txt")
            if "上次的对局没有下完" in texts:
                click(page, "新对局")
                return None
            return page.drive("points.txt") and int(state(page).get("plies", "1")) == 0
        wait_for("the board offline, a new game", board_or_resume, 240)
        page.screenshot(os.path.join(shots, "web-offline.png"))
        plies = lambda: int(state(page).get("plies", "0"))
        for n, (frm, to) in enumerate([("h2", "e2"), ("h0", "g2"), ("b0", "c2"), ("i0", "h0"),
                                       ("a0", "b0")]):
            move(page, [], frm, to, 2 * n + 1)
            wait_for(f"the computer's answer {n + 1} offline", lambda n=n: plies() >= 2 * n + 2,
                     120)
        page.screenshot(os.path.join(shots, "web-offline-played.png"))
        assert stored(), "the record left the page's storage"
        click(page, "联网对弈")
        click(page, "游客对弈")
        said = wait_for("online play saying it needs the network", lambda: [
            t for t in page.drive("texts.txt").splitlines() if "联网对弈需要网络" in t], 120)
        page.screenshot(os.path.join(shots, "web-offline-online.png"))
        click(page, "关闭")
        click(page, "棋谱")
        click(page, "读取棋谱")
        wait_for("the kept record listed offline", lambda: stem in page.drive("texts.txt"), 60)
        page.screenshot(os.path.join(shots, "web-offline-records.png"))
        print(f"offline (server stopped, the device offline): the page opened, the board showed, "
              f"5 moves each against level 3 ({plies()} plies), {stem} is still listed, and "
              f"online play says {said[0].strip()[:24]!r}…")
        network(False)
        # A new build: the same files under a new hash, as tools/web.sh names a build.
        hash2, ehash2 = hash1[::-1], ehash1[::-1]
        for name in os.listdir(site):
            new = name.replace(hash1, hash2).replace(ehash1, ehash2)
            if new != name:
                os.rename(os.path.join(site, name), os.path.join(site, new))
        for name in ("index.html", "sw.js"):
            path = os.path.join(site, name)
            with open(path, encoding="utf-8") as f:
                text = f.read().replace(hash1, hash2).replace(ehash1, ehash2)
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
            for ext in (".br", ".gz"):
                if os.path.exists(path + ext):
                    os.remove(path + ext)
        server = start()
        wait_for("the server back with the new build", lambda: http(base + "/healthz")[0] == 200,
                 30)
        page.go(url)
        wait_for("the board of the new build", lambda: page.drive("points.txt"), 240)
        loaded = page.js("return performance.getEntriesByType('resource').map((e) => e.name)")
        assert any(f"chuhan-{hash2}" in n for n in loaded), loaded
        assert not any(hash1 in n for n in loaded), loaded
        build2 = f"chuhan-{hash2}-{ehash2}"
        wait_for("the new build's cache alone", lambda: page.js("return caches.keys()") == [build2],
                 120)
        print(f"a new build served: the next load ran chuhan-{hash2}.js, and the cache holds "
              f"{build2} alone (the old build's deleted)")
    finally:
        if page:
            page.quit()
        server.terminate()
        server.wait(timeout=20)
        shutil.rmtree(root, ignore_errors=True)


def sizes(driver):
    """The visible buttons as (width, height, words, x, y): button-sizes.txt beside buttons.txt."""
    out = []
    for a, b in zip(driver.drive("button-sizes.txt").splitlines(),
                    driver.drive("buttons.txt").splitlines()):
        w, h, words = (a.split(" ", 2) + [""])[:3]
        x, y = b.split(" ", 2)[:2]
        out.append((float(w), float(h), words, float(x), float(y)))
    return out


def tap(driver, words, timeout=120):
    x, y = button(driver, words, timeout)
    driver.press(x, y, touch=True)


def phone_taps(driver, shots):
    """On a phone by touch: every button at least 44 px tall; taps on a menu, a side button, a
    dialog's button and a form's field each act."""
    def too_small():
        shown = sizes(driver)
        return shown if shown and all(h >= 44 for _, h, *_ in shown) else None
    shown = wait_for("every button a finger's height", too_small, 60)
    boxes = [(x - w / 2, y - h / 2, x + w / 2, y + h / 2, words) for w, h, words, x, y in shown]
    overlaps = [(a[4], b[4]) for i, a in enumerate(boxes) for b in boxes[i + 1:]
                if a[0] < b[2] - 1 and b[0] < a[2] - 1 and a[1] < b[3] - 1 and b[1] < a[3] - 1]
    outside = [b[4] for b in boxes if b[0] < -1 or b[1] < -1 or b[2] > 391 or b[3] > 845]
    if overlaps or outside:
        raise SystemExit(f"FAIL: phone: buttons overlapping {overlaps}, off the screen {outside}")
    heights = sorted(h for _, h, *_ in shown)
    print(f"phone: {len(shown)} buttons, {heights[0]:.0f}-{heights[-1]:.0f} px tall (at least 44): "
          + ", ".join(f"{words} {w:.0f}x{h:.0f}" for w, h, words, *_ in shown[:12]))
    # A menu.
    tap(driver, "游戏")
    button(driver, "双人对弈", 30)
    driver.screenshot(os.path.join(shots, "web-phone-menu.png"))
    print("phone: a tap on 游戏 opened the menu")
    # A dialog's button: a new game over the one in progress asks first; 取消 keeps the game.
    before = int(state(driver).get("plies", "0"))
    tap(driver, "双人对弈")
    button(driver, "取消", 30)
    tap(driver, "取消")
    wait_for("the dialog closed", lambda: not any(
        "对局还没有下完" in t for t in driver.drive("texts.txt").splitlines()), 30)
    if int(state(driver).get("plies", "0")) != before:
        raise SystemExit("FAIL: 取消 by a tap did not keep the game")
    print("phone: a tap on the dialog's 取消 closed it, the game kept")
    # A side button: 平面/立体 turns the camera, and the points move on the screen.
    points = driver.drive("points.txt")
    tap(driver, "平面/立体")
    wait_for("the view turned flat", lambda: driver.drive("points.txt") != points, 30)
    print("phone: a tap on 平面/立体 turned the view")
    # A form's field: the login's fields take the keyboard by a tap (a caret shows).
    tap(driver, "联网对弈")
    def field():
        # The name's field: empty until typed in (the address field shows the server's).
        for w, h, words, x, y in sizes(driver):
            if words.strip() == "" and w > 100:
                return x, y
        return None
    wait_for("the login's name field", field, 60)
    # Where it stays: read twice, half a second apart.
    def settled():
        first = field()
        time.sleep(0.5)
        return first if first and first == field() else None
    x, y = wait_for("the login's name field in its place", settled, 30)
    driver.press(x, y, touch=True)
    wait_for("the field focused by a tap", lambda: any(
        w.strip() == "_" for _, _, w, *_ in sizes(driver)), 30)
    driver.screenshot(os.path.join(shots, "web-phone-form.png"))
    print("phone: a tap on the login's name field gave it the keyboard (its caret shows)")


class Desktop:
    """The desktop game in a window of its own (Xvfb), driven by real clicks (xdotool) at the
    places its drive folder lists, its files in a home folder of its own."""

    def __init__(self, game, scratch):
        self.home = os.path.join(scratch, "desktop-home")
        self.dir = os.path.join(scratch, "desktop-drive")
        os.makedirs(self.home)
        os.makedirs(self.dir)
        self.display = f":{150 + os.getpid() % 50}"
        self.xvfb = subprocess.Popen(["Xvfb", self.display, "-screen", "0", "1280x720x24",
                                      "-nolisten", "tcp"], stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL)
        time.sleep(1)
        # The game's first start speaks the system's language: the checks read its Chinese.
        self.env = {**os.environ, "LANGUAGE": "zh_CN", "DISPLAY": self.display,
                    "CHUHAN_HOME": self.home,
                    "CHUHAN_DRIVE": self.dir}
        self.log = open(os.path.join(scratch, "desktop.log"), "w")
        self.game = subprocess.Popen([game], env=self.env, cwd=scratch, stdout=self.log,
                                     stderr=subprocess.STDOUT)

    def drive(self, name):
        try:
            with open(os.path.join(self.dir, name), encoding="utf-8") as f:
                return f.read()
        except OSError:
            return ""

    def press(self, x, y, touch=False):
        del touch
        run = lambda *a: subprocess.run(["xdotool", *a], env=self.env, check=True)
        run("mousemove", str(int(x)), str(int(y)))
        time.sleep(0.05)
        run("mousedown", "1")
        time.sleep(0.05)
        run("mouseup", "1")

    def screenshot(self, path):
        """The window as the game saves it when its drive folder asks (a file named `shot`)."""
        with open(os.path.join(self.dir, "shot"), "w", encoding="utf-8") as f:
            f.write(path)
        wait_for(f"the desktop's screenshot {path}", lambda: not os.path.exists(
            os.path.join(self.dir, "shot")) and os.path.exists(path), 60)

    def focus(self):
        """With no window manager under Xvfb the window is given the keyboard by hand."""
        windows = subprocess.run(["xdotool", "search", "--name", "Chuhan"], env=self.env,
                                 capture_output=True, text=True).stdout.split()
        if windows:
            subprocess.run(["xdotool", "windowfocus", "--sync", windows[0]], env=self.env,
                           check=True)

    def type(self, words):
        subprocess.run(["xdotool", "type", "--delay", "40", words], env=self.env, check=True)

    def quit(self):
        for p in (self.game, self.xvfb):
            p.terminate()
            try:
                p.wait(timeout=20)
            except subprocess.TimeoutExpired:
                p.kill()
        self.log.close()


# A whole game, Red mating on the 55th move: Red as the engine plays at depth 7, Black as its
# weakest level (found once with crates/xiangqi-engine's binary; the moves are fixed here).
WHOLE_GAME = ("h2e2 b7a7 e2e6 a7a3 a0a3 h7h2 a3b3 h9g7 e6e4 b9c7 b2e2 c6c5 e4i4 f9e8 i4i9 h2h9 "
              "i0i2 c9e7 e2e7 e9f9 i2f2 e8f7 f2f7 f9e9 f7g7 a9b9 g7g9 e9e8 g9e9 e8d8 b3b9 c7b9 "
              "e9d9 d8e8 d9e9 e8f8 e9h9 b9d8 h9h8 f8f7 e7e5 c5c4 h8d8 g6g5 c3c4 g5g4 g3g4 f7e7 "
              "h0g2 e7f7 g2h4 f7e7 h4g6 e7f7 d8f8").split()


def desktop_and_page(dbase, base, port, game, scratch, shots):
    """A desktop game and a browser page in the same lobby play a whole game to the end, by
    clicks on each side, and each saves the record: the desktop in its records folder, the page
    to the browser's downloads."""
    desk = Desktop(game, scratch)
    page = Driver(dbase, chrome(1024, 640))
    try:
        # The board drawn, and a moment for the window to settle in its place.
        wait_for("the desktop's board", lambda: desk.drive("points.txt"), 300)
        time.sleep(2)
        # As a player does: 联网对弈, the server's address typed into its field, 游客对弈.
        click(desk, "联网对弈", 60)
        desk.focus()
        click(desk, "localhost:7878", 60)
        desk.type(f"127.0.0.1:{port}")
        click(desk, "游客对弈", 30)
        click(desk, "发出邀请", 60)
        seek = wait_for("the desktop's seek", lambda: state(desk).get("seek"), 60)
        page.go(f"{base}/?CHUHAN_DRIVE=1&seek={seek}")
        sides = {}
        for d in (desk, page):
            sides[wait_for("a side in the game", lambda d=d: state(d).get("side"), 240)] = d
        names = {id(desk): "desktop", id(page): "page"}
        started = time.time()
        for ply, m in enumerate(WHOLE_GAME):
            mover = sides["red" if ply % 2 == 0 else "black"]
            move(mover, [d for d in (desk, page) if d is not mover], m[:2], m[2:], ply + 1)
        print(f"desktop and page: a whole game of {len(WHOLE_GAME)} moves by clicks, the "
              f"desktop as {'red' if sides['red'] is desk else 'black'}, the page as the other, "
              f"in {time.time() - started:.0f} s")
        texts = {}
        for d in (desk, page):
            texts[id(d)] = wait_for("the game's end shown", lambda d=d: (lambda t: t if any(
                w in t for w in ("红方胜", "将死", "绝杀")) else None)(d.drive("texts.txt")), 60)
        page.screenshot(os.path.join(shots, "web-desktop-game-page.png"))
        desk.screenshot(os.path.join(shots, "web-desktop-game-desktop.png"))
        # Each saves the record, as a player does: 棋谱, 保存棋谱.
        downloads = os.path.join(scratch, "page-downloads")
        os.makedirs(downloads, exist_ok=True)
        page.s("POST", "/chromium/send_command", {"cmd": "Browser.setDownloadBehavior",
                                                 "params": {"behavior": "allow",
                                                            "downloadPath": downloads}})
        for d in (desk, page):
            click(d, "棋谱", 60)
            click(d, "保存棋谱", 30)

        def saved_in(folder):
            found = [os.path.join(r, n) for r, _, fs in os.walk(folder) for n in fs
                     if n.endswith(".pgn")]
            return found or None
        for name, folder in (("desktop", desk.home), ("page", downloads)):
            path = wait_for(f"the {name}'s saved record", lambda f=folder: saved_in(f), 60)[0]
            with open(path, encoding="utf-8") as f:
                pgn = f.read()
            if '[Result "1-0"]' not in pgn or f"{(len(WHOLE_GAME) + 1) // 2}." not in pgn:
                raise SystemExit(f"FAIL: the {name}'s record is not the whole game won by Red:"
                                 f"\n{pgn[:600]}")
            print(f"desktop and page: the {name}'s record {os.path.basename(path)} "
                  f"({len(pgn.encode())} bytes), Red won")
    finally:
        page.quit()
        desk.quit()


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
    game = sys.argv[4] if len(sys.argv) > 4 else None
    os.makedirs(shots, exist_ok=True)
    port, driver_port = free_port(), free_port()
    base = f"http://127.0.0.1:{port}"
    scratch = tempfile.mkdtemp(prefix="chuhan-web-")
    here = os.path.dirname(os.path.abspath(__file__))
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
        if os.environ.get("WEB_CHECK_ONLY") == "offline":
            # While working on it: the installed page and offline play alone.
            installed_offline(dbase, server_bin, web, shots, os.path.realpath(os.path.join(
                here, "..", "crates", "xiangqi", "tests", "data", "cchess",
                "030-黄松轩先胜冯敬如.XQF")))
            print("web check (offline part): ok")
            return
        desktop = Driver(dbase, chrome(1280, 720))
        drivers.append(desktop)
        inner = desktop.js("return [window.innerWidth, window.innerHeight]")
        # The board itself (CHUHAN_START=0: past the start screen a new player meets first,
        # which is checked just below).
        open_page(desktop, base + "/?CHUHAN_START=0", os.path.join(shots, "web-board.png"), inner,
                  "desktop")
        # Sound: the game's audio contexts wait for the first click, then play.
        before = desktop.js("return (window.chuhanAudio || []).map(c => c.state)")
        desktop.press(640, 360)
        after = wait_for("the sound running after the first click", lambda: (lambda st: st if st
                         and all(x == "running" for x in st) else None)(desktop.js(
                             "return (window.chuhanAudio || []).map(c => c.state)")), 30)
        print(f"sound: audio contexts {before} before the first click, {after} after")
        start_screen(desktop, base, shots)
        computer_game(desktop, base, shots, 3)
        # 大师 searches for seconds: long enough to see the page go on drawing meanwhile.
        if computer_game(desktop, base, shots, 6) <= 1000:
            raise SystemExit("FAIL: level 6 answered within a second: nothing measured")
        records(desktop, scratch, os.path.realpath(os.path.join(
            here, "..", "crates", "xiangqi", "tests", "data", "cchess", "030-黄松轩先胜冯敬如.XQF")))
        desktop.quit()
        first_start_language(dbase, base)
        online_game(dbase, base, shots)
        if game:
            desktop_and_page(dbase, base, port, game, scratch, shots)
        bad_input(dbase, web, shots)
        storage_refused(dbase, base)
        phone = Driver(dbase, chrome(390, 844, mobile=True))
        drivers.append(phone)
        open_page(phone, base + "/?CHUHAN_DRIVE=1", os.path.join(shots, "web-phone.png"),
                  (390, 844), "phone 390x844")
        inner = phone.js("return [window.innerWidth, window.innerHeight]")
        assert inner == [390, 844], f"the phone's page is {inner}, not 390x844"
        move(phone, [], "h2", "e2", 1, touch=True)
        print("phone: a move by two taps (touch events) on the points")
        phone.screenshot(os.path.join(shots, "web-phone-moved.png"))
        phone_taps(phone, shots)
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
        # A link to a gone seek on a device with an unfinished game: one thing at a time, the
        # link's answer first, the offer to resume once online play is left.
        phone.go(base + "/?CHUHAN_DRIVE=1&seek=999999")
        def gone_seek():
            texts = phone.drive("texts.txt")
            if "上次的对局没有下完" in texts:
                raise SystemExit("FAIL: the offer to resume stacked over the link's answer")
            return "这个邀请已被接受或取消" in texts
        wait_for("the gone seek said, with nothing over it", gone_seek, 240)
        for _ in range(8):
            time.sleep(0.25)
            gone_seek()
        tap(phone, "回到棋盘")
        wait_for("the resume question once online play is left", lambda: any(
            "上次的对局没有下完" in t for t in phone.drive("texts.txt").splitlines()), 60)
        phone.screenshot(os.path.join(shots, "web-phone-seek-then-resume.png"))
        print("a link to a gone seek with an unfinished game kept: 这个邀请已被接受或取消 alone, "
              "then 上次的对局没有下完 once back at the board")
        # The page in Traditional Chinese and Vietnamese (`?lang=`), the unfinished game's
        # question over the board.
        for lang, word in (("zh-TW", "上次的對局沒有下完"), ("vi", "Ván cờ lần trước")):
            phone.go(f"{base}/?CHUHAN_DRIVE=1&lang={lang}")
            wait_for(f"the page in {lang}", lambda: word in phone.drive("texts.txt"), 240)
            time.sleep(1.0)
            phone.screenshot(os.path.join(shots, f"web-phone-{lang}.png"))
            print(f"phone in {lang} (?lang={lang}): {word}…")
        phone.quit()
        computer_without_server(dbase, server_bin, web)
        installed_offline(dbase, server_bin, web, shots, os.path.realpath(os.path.join(
            here, "..", "crates", "xiangqi", "tests", "data", "cchess", "030-黄松轩先胜冯敬如.XQF")))
    finally:
        for d in drivers:
            d.quit()
        driver_proc.terminate()
        server.terminate()
        server.wait(timeout=20)
    print("web check: ok")


if __name__ == "__main__":
    main()

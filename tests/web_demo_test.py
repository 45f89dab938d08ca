#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# The browser demo end to end (docs/web.md): build it with scripts/web.sh, serve it on localhost,
# open it in Debian's headless chromium, and read back what the page reports after 120 steps.
#
# 1. scenes/analytic_projectile.json, 120 steps of 1/60 s with 20 substeps: the ball thrown from
#    x0 = [0, 1, 0] with v0 = [3, 8, 1] under g = [0, -9.81, 0] must be at the symplectic Euler
#    position x_N = x0 + N h v0 + h^2 g N (N + 1) / 2 (N = 2400 substeps of h = 1/1200 s,
#    t = 2 s: [6, 17 - 9.81 * 2401 / 1200, 2] = [6, -2.628175, 2]), within the round-off bound
#    of tests/test_analytic_projectile.c, 10 N eps S with S = 10 m (5.3e-11 m): the WebAssembly
#    build must compute what the native one does.
# 2. The mouse spring: scenes/analytic_slope_stick.json's box (at rest on a 30 degree slope) is
#    grabbed at load by a ray straight down through its centre and its grabbed point pulled 1 m
#    up. The page's spring is critically damped, F = m (k (target - p) - 2 sqrt(k) v) with
#    k = 150 s^-2 (web/web_world.c); a pull through the centre of mass turns nothing, so the point
#    obeys p'' = k (T - p) - 2 sqrt(k) p' + g and comes to rest g / k = 9.81 / 150 = 0.0654 m
#    below the target. After 120 steps (2 s, sqrt(k) t = 24.5) what is left of the 1 m transient
#    is e^-24.5 (1 + 24.5) m = 6e-10 m; tolerance 1e-6 m.
# 3. The showcase, 120 steps: the page's own picture of it (the WebGL canvas, as PNG) must not be
#    blank: at least 5 % of its pixels differ from the background, the luminance varies (standard
#    deviation >= 5 of 255), and the bodies show: at least 0.2 % of the pixels are saturated
#    (max - min channel > 60), which only the bodies' colours are (background, ground and joint
#    lines are grey).
#
# The page posts steps, position and the canvas to /report when done (?report=1). Skipped (exit
# 77) only when emscripten or chromium is missing; scripts/install-deps.sh installs both.
import argparse
import base64
import functools
import http.server
import json
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import threading
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SKIP = 77


def find_chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


def read_png(data):
    """Width, height and rows of RGB(A) bytes of an 8-bit, non-interlaced PNG (what chromium writes)."""
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    pos, idat = 8, b""
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, color, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or color not in (2, 6) or interlace != 0:
                raise ValueError(f"PNG kind not read here: depth {depth}, colour type {color}, interlace {interlace}")
            channels = 3 if color == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b = previous[i]
            c = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line)
        previous = line
    return width, height, channels, rows


class Server(http.server.ThreadingHTTPServer):
    def __init__(self, site):
        self.site = site
        self.report = None
        self.reported = threading.Event()
        super().__init__(("127.0.0.1", 0), functools.partial(Handler, directory=site))


class Handler(http.server.SimpleHTTPRequestHandler):
    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
        self.server.report = json.loads(body)
        self.send_response(204)
        self.end_headers()
        self.server.reported.set()

    def log_message(self, *args):
        pass


def run_page(chromium, server, query, profile, timeout):
    """Open the page with this query in headless chromium; the page's report, or None on timeout."""
    server.report = None
    server.reported.clear()
    url = f"http://127.0.0.1:{server.server_address[1]}/index.html?{query}&report=1"
    # WebGL2 on the CPU (swiftshader): CI machines have no GPU. No sandbox: chromium refuses it as
    # root and containers often lack the namespaces it needs; the page is our own. /tmp instead of
    # /dev/shm, which containers keep small.
    command = [chromium, "--headless", "--no-sandbox", "--disable-dev-shm-usage", "--use-angle=swiftshader",
               "--enable-unsafe-swiftshader", "--window-size=800,600", "--no-first-run", "--mute-audio",
               f"--user-data-dir={profile}", url]
    browser = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        server.reported.wait(timeout)
    finally:
        browser.terminate()
        try:
            _, errors = browser.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            browser.kill()
            _, errors = browser.communicate()
    if server.report is None:
        # Headless chromium complains about the missing D-Bus on every start; the rest may matter.
        lines = [line for line in errors.decode(errors="replace").splitlines() if "dbus" not in line]
        print(f"no report from the page within {timeout} s; chromium said:\n" + "\n".join(lines[-40:]))
    return server.report


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--build-dir", default=os.path.join(ROOT, "build", "web-test"))
    parser.add_argument("--timeout", type=float, default=120, help="seconds to wait for each page's report")
    parser.add_argument("--measure", metavar="SCENES",
                        help="instead of testing, print the page's step time for these comma-separated scenes "
                             "(the table of docs/web.md)")
    parser.add_argument("--steps", type=int, default=120, help="steps per scene for --measure")
    args = parser.parse_args()

    chromium = find_chromium()
    if shutil.which("emcmake") is None or chromium is None:
        missing = "emscripten (emcmake)" if shutil.which("emcmake") is None else "chromium"
        print(f"SKIP: {missing} not installed (Debian: apt-get install emscripten chromium, or scripts/install-deps.sh)")
        return SKIP

    build = subprocess.run(["bash", os.path.join(ROOT, "scripts", "web.sh"), "--build-only", args.build_dir])
    if build.returncode != 0:
        print("FAIL: scripts/web.sh could not build the page")
        return 1

    server = Server(os.path.join(args.build_dir, "site"))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    failures = []
    if args.measure:
        with tempfile.TemporaryDirectory() as profile:
            for scene in args.measure.split(","):
                report = run_page(chromium, server, f"scene={scene}&steps={args.steps}", profile, args.timeout)
                if report is None or report["failed"]:
                    print(f"{scene}: no result" + (f" ({report['error']})" if report else ""))
                    continue
                print(f"{scene}: {report['steps']} steps; mean step time {report['wallMs']:.3f} ms in the page, "
                      f"{report['libraryMs']:.3f} ms by the library's clock")
        server.shutdown()
        return 0
    with tempfile.TemporaryDirectory() as profile:
        steps = 120
        report = run_page(chromium, server, f"scene=analytic_projectile&steps={steps}&body=ball", profile,
                          args.timeout)
        if report is None:
            failures.append("projectile: the page did not report")
        else:
            n = report["substeps"] * steps
            h = report["timeStep"] / report["substeps"]
            x0, v0, g = [0, 1, 0], [3, 8, 1], [0, -9.81, 0]
            expected = [x0[i] + n * h * v0[i] + h * h * g[i] * n * (n + 1) / 2 for i in range(3)]
            tolerance = 10 * n * sys.float_info.epsilon * 10
            position = report["position"] or [float("nan")] * 3
            error = max(abs(position[i] - expected[i]) for i in range(3))
            print(f"projectile: {report['steps']} steps of {report['timeStep']:.6f} s x {report['substeps']} substeps;"
                  f" ball at {position}, expected {expected} (|error| {error:.3e} m, tolerance {tolerance:.1e} m)")
            if report["steps"] != steps or report["failed"]:
                failures.append(f"projectile: {report['steps']} steps, failed={report['failed']}: {report['error']}")
            if abs(report["timeStep"] - 1 / 60) > 1e-15 or report["substeps"] != 20:
                failures.append("projectile: the scene's time step or substeps changed (the expected value assumes "
                                "1/60 s and 20 substeps)")
            if not error <= tolerance:
                failures.append(f"projectile: position off by {error:.3e} m")

        report = run_page(chromium, server, f"scene=analytic_slope_stick&steps={steps}&body=box&spring=0,1,0",
                          profile, args.timeout)
        if report is None:
            failures.append("spring: the page did not report")
        elif report["springTarget"] is None or report["failed"]:
            failures.append(f"spring: the page grabbed nothing (failed={report['failed']}: {report['error']})")
        else:
            k, g = 150.0, -9.81
            target, point = report["springTarget"], report["springPoint"]
            expected = [target[0], target[1] + g / k, target[2]]
            error = max(abs(point[i] - expected[i]) for i in range(3))
            print(f"spring: grabbed point at {point} after {report['steps']} steps, expected {expected} "
                  f"(target {target} sagged by g / k = {-g / k:.6f} m; |error| {error:.3e} m, tolerance 1e-6 m)")
            if report["steps"] != steps:
                failures.append(f"spring: {report['steps']} steps")
            if not error <= 1e-6:
                failures.append(f"spring: the grabbed point is {error:.3e} m from where the spring holds it")

        report = run_page(chromium, server, f"scene=showcase&steps={steps}", profile, args.timeout)
        if report is None:
            failures.append("showcase: the page did not report")
        else:
            print(f"showcase: {report['steps']} steps, error '{report['error']}'; mean step time "
                  f"{report['wallMs']:.3f} ms in the page, {report['libraryMs']:.3f} ms by the library's clock")
            if report["steps"] != steps or report["failed"]:
                failures.append(f"showcase: {report['steps']} steps, failed={report['failed']}: {report['error']}")
            png = base64.b64decode(report["image"].split(",", 1)[1])
            shot = os.path.join(args.build_dir, "showcase_canvas.png")
            with open(shot, "wb") as f:
                f.write(png)
            width, height, channels, rows = read_png(png)
            background = tuple(rows[0][0:3])
            total = width * height
            differing, colored, lum_sum, lum_sq = 0, 0, 0.0, 0.0
            for row in rows:
                for x in range(0, width * channels, channels):
                    pixel = (row[x], row[x + 1], row[x + 2])
                    differing += pixel != background
                    colored += max(pixel) - min(pixel) > 60
                    lum = 0.2126 * pixel[0] + 0.7152 * pixel[1] + 0.0722 * pixel[2]
                    lum_sum += lum
                    lum_sq += lum * lum
            mean = lum_sum / total
            deviation = max(lum_sq / total - mean * mean, 0) ** 0.5
            print(f"showcase canvas {width}x{height} ({shot}): {100 * differing / total:.1f} % of the pixels differ "
                  f"from the background {background}, luminance standard deviation {deviation:.1f}, "
                  f"{100 * colored / total:.2f} % body-coloured")
            if differing < 0.05 * total or deviation < 5:
                failures.append("showcase: the canvas is blank (fewer than 5 % of the pixels differ from the "
                                "background, or luminance standard deviation below 5)")
            if colored < 0.002 * total:
                failures.append("showcase: no bodies on the canvas (fewer than 0.2 % body-coloured pixels)")
    server.shutdown()
    for failure in failures:
        print("FAIL: " + failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

"""Opens a preview page in headless Chromium over the DevTools protocol (--remote-debugging-pipe), clicks event
buttons and presses their keys, and prints what the page's player was told, as JSON on standard output.

usage: python3 click_events.py CHROMIUM PAGE_URL PROFILE_DIR
The page must use the stand-in player (Tests/Support/stand-in-player.js), which records every live `send` in
globalThis.scenecStandInSends (the newest live session's events).
"""
import json
import os
import subprocess
import sys
import time

chromium, url, profile = sys.argv[1:4]
to_child_read, to_child_write = os.pipe()
from_child_read, from_child_write = os.pipe()


def wire():
    os.dup2(to_child_read, 3)
    os.dup2(from_child_write, 4)


browser = subprocess.Popen(
    [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", f"--user-data-dir={profile}",
     "--remote-debugging-pipe", "about:blank"],
    pass_fds=(3, 4), preexec_fn=wire, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
os.close(to_child_read)
os.close(from_child_write)
incoming = os.fdopen(from_child_read, "rb")
outgoing = os.fdopen(to_child_write, "wb")
counter = 0
buffer = b""


def call(method, params=None, session=None):
    global counter, buffer
    counter += 1
    message = {"id": counter, "method": method, "params": params or {}}
    if session:
        message["sessionId"] = session
    outgoing.write(json.dumps(message).encode() + b"\0")
    outgoing.flush()
    while True:
        while b"\0" not in buffer:
            chunk = incoming.read1(65536)
            if not chunk:
                raise SystemExit("chromium closed the pipe")
            buffer += chunk
        raw, buffer = buffer.split(b"\0", 1)
        reply = json.loads(raw)
        if reply.get("id") == counter:
            if "error" in reply:
                raise SystemExit(f"{method}: {reply['error']}")
            return reply["result"]


def evaluate(session, expression):
    result = call("Runtime.evaluate", {"expression": expression, "awaitPromise": True, "returnByValue": True},
                  session)
    if "exceptionDetails" in result:
        raise SystemExit(f"page: {result['exceptionDetails']}")
    return result["result"].get("value")


try:
    target = call("Target.createTarget", {"url": url})["targetId"]
    session = call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
    # The target may still be on about:blank or mid-navigation: ask again until the page's player is ready.
    ready = False
    for attempt in range(100):
        try:
            ready = evaluate(session, "window.scenec ? window.scenec.ready.then(() => true) : false")
        except SystemExit as failure:
            if "context" not in str(failure):
                raise
        if ready:
            break
        time.sleep(0.1)
    if not ready:
        raise SystemExit("the page never became ready")
    names = evaluate(session, "[...document.querySelectorAll('#events button')].map((b) => b.dataset.event)")
    evaluate(session, "document.querySelectorAll('#events button')[0].click(); true")
    evaluate(session, "document.dispatchEvent(new KeyboardEvent('keydown', {key: '2'})); true")
    evaluate(session, "window.scenec.send(document.querySelectorAll('#events button')[0].dataset.event); true")
    sends = evaluate(session, "globalThis.scenecStandInSends")
    state = evaluate(session, "document.getElementById('state').textContent")
    print(json.dumps({"buttons": names, "sends": sends, "state": state}))
finally:
    browser.kill()
    browser.wait()

"""Opens a preview page (the page `scenec preview` writes, with the real web player) in headless Chromium over the
DevTools protocol (--remote-debugging-pipe), plays a list of user actions on it, and prints what the page showed, as
JSON on standard output: {"buttons": [event names], "sends": [{name, time}], "observations": [{time, state,
sample, sent}], "evaluations": [values]} (sent: how many events were sent before it). Clicks are mouse presses at the button's centre and keys are key presses, as a user makes them.

usage: python3 drive_preview.py CHROMIUM PAGE_URL PROFILE_DIR ACTIONS_JSON
ACTIONS_JSON is a list of {"click": EVENT} (its button), {"key": K} (an event's digit, "." one frame on, "," one
frame back), {"send": EVENT} (window.scenec.send), {"observe": true} (window.scenec.current()) and {"evaluate": EXPRESSION}
(its value, awaited, in "evaluations"). Each event action
records the playhead it happened at in "sends".
"""
import json
import os
import subprocess
import sys
import time

chromium, url, profile, actions = sys.argv[1:4] + [json.loads(sys.argv[4])]
to_child_read, to_child_write = os.pipe()
from_child_read, from_child_write = os.pipe()


def wire():
    os.dup2(to_child_read, 3)
    os.dup2(from_child_write, 4)


browser = subprocess.Popen(
    [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", f"--user-data-dir={profile}",
     "--window-size=1600,1000", "--remote-debugging-pipe", "about:blank"],
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
    keys = {".": ("Period", 190), ",": ("Comma", 188)}
    sends = []
    observations = []
    evaluations = []

    def playhead():
        return evaluate(session, "window.scenec.current().time")

    def press(key):
        code, virtual = keys.get(key, (f"Digit{key}", ord(key)))
        for kind in ("keyDown", "keyUp"):
            call("Input.dispatchKeyEvent", {"type": kind, "key": key, "code": code, "text": key if kind == "keyDown"
                                            else "", "windowsVirtualKeyCode": virtual}, session)

    for action in actions:
        if "click" in action:
            sends.append({"name": action["click"], "time": playhead()})
            box = evaluate(session, "(() => { const r = document.querySelector(`#events button[data-event=\"%s\"]`)"
                           ".getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()"
                           % action["click"])
            for kind in ("mousePressed", "mouseReleased"):
                call("Input.dispatchMouseEvent", {"type": kind, "x": box[0], "y": box[1], "button": "left",
                                                  "clickCount": 1}, session)
        elif "key" in action:
            if action["key"] not in keys:
                sends.append({"name": names[int(action["key"]) - 1], "time": playhead()})
            press(action["key"])
        elif "send" in action:
            sends.append({"name": action["send"], "time": playhead()})
            evaluate(session, "window.scenec.send(%s); true" % json.dumps(action["send"]))
        elif "observe" in action:
            observations.append(dict(evaluate(session, "window.scenec.current()"), sent=len(sends)))
        elif "evaluate" in action:
            evaluations.append(evaluate(session, action["evaluate"]))
    print(json.dumps({"buttons": names, "sends": sends, "observations": observations, "evaluations": evaluations}))
finally:
    browser.kill()
    browser.wait()

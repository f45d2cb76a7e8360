"""Sends `intents mcp` what a broken or hostile client would, on raw standard input, and prints
each reply line as JSON: bad JSON, an unknown method, an oversized message, then a valid
request, which must still be answered. Usage: protocol_probe.py INTENTS STATE"""
import json
import subprocess
import sys

INTENTS, STATE = sys.argv[1:3]
bridge = subprocess.Popen([INTENTS, "mcp", "--state", STATE, "--maximum-message-bytes", "65536"],
                          stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)


def send(line):
    bridge.stdin.write(line + b"\n")
    bridge.stdin.flush()


def reply():
    return json.loads(bridge.stdout.readline())


replies = {}
send(json.dumps({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
    "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "probe", "version": "1"}}}).encode())
replies["initialize"] = reply()
send(json.dumps({"jsonrpc": "2.0", "method": "notifications/initialized"}).encode())
send(b'{"jsonrpc": "2.0", "id": 2, "method": ')
replies["badJSON"] = reply()
send(json.dumps({"jsonrpc": "2.0", "id": 3, "method": "no/such/method"}).encode())
replies["unknownMethod"] = reply()
send(json.dumps({"jsonrpc": "2.0", "id": 4, "method": "tools/list", "params": {"pad": "x" * 100000}}).encode())
replies["oversized"] = reply()
send(json.dumps({"jsonrpc": "2.0", "id": 5, "method": "tools/call", "params": {"name": 7}}).encode())
replies["badParams"] = reply()
send(json.dumps([{"jsonrpc": "2.0", "id": 6, "method": "tools/list"}]).encode())
replies["batch"] = reply()
send(json.dumps({"jsonrpc": "2.0", "id": 7, "method": "tools/list"}).encode())
replies["afterwards"] = reply()
bridge.stdin.close()
replies["exitStatus"] = bridge.wait(timeout=30)
print(json.dumps(replies))

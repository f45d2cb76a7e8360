"""Drives `intents mcp --http` with the official MCP Python SDK's Streamable HTTP client, and
probes the endpoint's refusals with plain HTTP requests.

Run by AgentBridgeTests (Swift) with the paths of a running test server; starts the bridge
itself on a free loopback port, prints one JSON object: what each step saw. Usage:

    agent_http_client.py INTENTS STATE TOKEN_FILE DROP_FOLDER STAGED_APP
"""
import asyncio
import json
import os
import re
import signal
import stat
import subprocess
import sys

import httpx2
from mcp import ClientSession
from mcp.client.streamable_http import create_mcp_http_client, streamable_http_client
from mcp.types import ElicitResult

INTENTS, STATE, TOKEN_FILE, DROP, STAGED = sys.argv[1:6]
report = {"steps": {}}
INITIALIZE = {"jsonrpc": "2.0", "id": 1, "method": "initialize",
              "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "probe", "version": "1"}}}
ACCEPT = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json"}


def user(*arguments):
    """The user's own command: consent."""
    done = subprocess.run([INTENTS, "--state", STATE, *arguments], capture_output=True, text=True, timeout=60)
    if done.returncode != 0:
        raise RuntimeError(f"intents {' '.join(arguments)} failed: {done.stderr}")


def call_record(result):
    text = "\n".join(item.text for item in result.content if getattr(item, "type", "") == "text")
    return {"isError": bool(result.is_error), "text": text, "structured": result.structured_content}


async def probes(url, token):
    """Plain requests the endpoint must refuse, each with its status."""
    steps = report["steps"]
    bearer = {"Authorization": f"Bearer {token}"}
    async with httpx2.AsyncClient(timeout=30) as http:
        steps["noToken"] = (await http.post(url, json=INITIALIZE, headers=ACCEPT)).status_code
        steps["wrongToken"] = (await http.post(url, json=INITIALIZE, headers={**ACCEPT, "Authorization": "Bearer " + "0" * len(token)})).status_code
        steps["wrongPath"] = (await http.post(url.replace("/mcp", "/other"), json=INITIALIZE, headers={**ACCEPT, **bearer})).status_code
        steps["foreignOrigin"] = (await http.post(url, json=INITIALIZE, headers={**ACCEPT, **bearer, "Origin": "http://evil.example"})).status_code
        steps["noSession"] = (await http.post(url, json={"jsonrpc": "2.0", "id": 2, "method": "tools/list"}, headers={**ACCEPT, **bearer})).status_code
        steps["unknownSession"] = (await http.post(url, json={"jsonrpc": "2.0", "id": 2, "method": "tools/list"},
                                                   headers={**ACCEPT, **bearer, "MCP-Session-Id": "no-such-session"})).status_code
        big = b'{"jsonrpc":"2.0","id":3,"method":"initialize","params":{"pad":"' + b"x" * (70 * 1024) + b'"}}'
        try:
            steps["oversized"] = (await http.post(url, content=big, headers={**ACCEPT, **bearer})).status_code
        except httpx2.HTTPError as error:  # the server may close before the whole body is sent
            steps["oversized"] = f"closed: {type(error).__name__}"


async def crowding(url, token):
    """Places taken by clients without the token, and more sessions than the bridge keeps."""
    steps = report["steps"]
    port = int(url.split(":")[2].split("/")[0])
    bearer = {**ACCEPT, "Authorization": f"Bearer {token}"}
    # A head without the token, announcing a body never sent: refused at once, the body never awaited.
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(b"POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 3000000\r\n\r\n")
    await writer.drain()
    status_line = await asyncio.wait_for(reader.readline(), timeout=10)
    steps["headRefusal"] = status_line.decode().strip()
    writer.close()
    # Every place taken by connections that never show the token: a client with it still gets in.
    squatters = []
    for _ in range(64):
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(b"POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        await writer.drain()
        squatters.append(writer)
    await asyncio.sleep(0.2)
    async with httpx2.AsyncClient(timeout=30) as http:
        async with http.stream("POST", url, json=INITIALIZE, headers=bearer) as response:
            steps["pastSquatters"] = response.status_code
            first_session = response.headers.get("mcp-session-id")
            async for _ in response.aiter_bytes():
                pass
    for writer in squatters:
        writer.close()
    # More sessions than the bridge keeps: each new one takes the place of the least recently used.
    async with httpx2.AsyncClient(timeout=30) as http:
        statuses = []
        for _ in range(8):
            async with http.stream("POST", url, json=INITIALIZE, headers=bearer) as response:
                statuses.append(response.status_code)
                async for _ in response.aiter_bytes():
                    pass
        steps["sessionsPastMaximum"] = statuses
        response = await http.post(url, json={"jsonrpc": "2.0", "id": 5, "method": "ping"},
                                   headers={**bearer, "MCP-Session-Id": first_session or "none", "MCP-Protocol-Version": "2025-06-18"})
        steps["leastRecentlyUsed"] = response.status_code


async def reopened_stream(url, token):
    """A session's GET stream, dropped and opened again: the second is served, not refused."""
    headers = {**ACCEPT, "Authorization": f"Bearer {token}"}
    async with httpx2.AsyncClient(timeout=30) as http:
        async with http.stream("POST", url, json=INITIALIZE, headers=headers) as response:
            session = response.headers["mcp-session-id"]
            async for _ in response.aiter_bytes():
                pass
        headers = {**headers, "MCP-Session-Id": session, "MCP-Protocol-Version": "2025-06-18"}
        await http.post(url, json={"jsonrpc": "2.0", "method": "notifications/initialized"}, headers=headers)
        statuses = []
        for _ in range(2):
            async with http.stream("GET", url, headers=headers) as response:
                statuses.append(response.status_code)
                if response.status_code == 200:
                    await response.aiter_bytes().__anext__()  # the priming event, then hang up
            await asyncio.sleep(0.5)  # the bridge sees the hang-up (a read of the closed connection)
        # A GET while one is open: the new one is served, the old one ends.
        async with http.stream("GET", url, headers=headers) as first:
            first_bytes = first.aiter_bytes()
            await first_bytes.__anext__()
            async with http.stream("GET", url, headers=headers) as second:
                statuses.append(second.status_code)
                await second.aiter_bytes().__anext__()

                async def drain():
                    async for _ in first_bytes:
                        pass
                try:
                    await asyncio.wait_for(drain(), timeout=30)
                    statuses.append("first ended")
                except httpx2.HTTPError:
                    statuses.append("first ended")
                except asyncio.TimeoutError:
                    statuses.append("first open")
        # Resuming a request's stream (not the GET stream) is refused.
        resumed = await http.get(url, headers={**headers, "Last-Event-ID": "7_3"})
        statuses.append(resumed.status_code)
        await http.delete(url, headers=headers)
        report["steps"]["reopenedStream"] = statuses


async def agent(url, token):
    steps = report["steps"]
    asked = []
    changed = asyncio.Event()
    session_ids = []

    async def elicit(context, params):
        asked.append(params.message)
        fields = params.requested_schema["properties"]
        if "choice" in fields:
            return ElicitResult(action="accept", content={"choice": fields["choice"]["enum"][1]})
        return ElicitResult(action="accept", content={"confirm": True})

    async def on_message(message):
        method = getattr(message, "method", None) or getattr(getattr(message, "root", None), "method", None)
        if method == "notifications/tools/list_changed":
            changed.set()

    async def remember_session(response):
        if "mcp-session-id" in response.headers:
            session_ids.append(response.headers["mcp-session-id"])

    http = create_mcp_http_client(headers={"Authorization": f"Bearer {token}"})
    http.event_hooks["response"].append(remember_session)
    async with http:
        async with streamable_http_client(url, http_client=http) as (read, write):
            async with ClientSession(read, write, elicitation_callback=elicit, message_handler=on_message) as session:
                initialized = await session.initialize()
                steps["initialize"] = {"server": initialized.server_info.name,
                                       "listChanged": bool(initialized.capabilities.tools and initialized.capabilities.tools.list_changed)}
                steps["tools"] = [tool.name for tool in (await session.list_tools()).tools]
                send = {"recipients": "Bobo", "content": "Please send more bananas"}
                steps["withoutConsent"] = call_record(await session.call_tool("MonkeyChat_INSendMessageIntent", send))
                user("authorize", "MonkeyChat", "grant", "--agents")
                user("authorize", "MonkeyChat", "grant")
                steps["withConsent"] = call_record(await session.call_tool("MonkeyChat_INSendMessageIntent", send))
                steps["withConsent"]["asked"] = list(asked)

                os.rename(STAGED, os.path.join(DROP, os.path.basename(STAGED)))
                try:
                    await asyncio.wait_for(changed.wait(), timeout=60)
                    steps["dropped"] = {"notified": True}
                except asyncio.TimeoutError:
                    steps["dropped"] = {"notified": False}
                steps["dropped"]["tools"] = [tool.name for tool in (await session.list_tools()).tools]
        # The client ended its session (DELETE) on leaving: the session is gone.
        steps["sessionSeen"] = bool(session_ids)
        ended = session_ids[-1] if session_ids else "none"
        response = await http.post(url, json={"jsonrpc": "2.0", "id": 9, "method": "tools/list"},
                                   headers={**ACCEPT, "MCP-Session-Id": ended})
        steps["afterDelete"] = response.status_code


async def main():
    bridge = subprocess.Popen([INTENTS, "mcp", "--http", "127.0.0.1:0", "--state", STATE, "--token-file", TOKEN_FILE,
                               "--maximum-message-bytes", "65536"],
                              stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        line = await asyncio.wait_for(asyncio.to_thread(bridge.stderr.readline), timeout=60)
        match = re.search(r"http://127\.0\.0\.1:\d+/mcp", line)
        if not match:
            raise RuntimeError(f"the bridge did not say where it listens: {line!r}")
        url = match.group(0)
        mode = stat.S_IMODE(os.stat(TOKEN_FILE).st_mode)
        report["steps"]["tokenFileMode"] = oct(mode)
        with open(TOKEN_FILE) as file:
            token = file.read().strip()
        await probes(url, token)
        await reopened_stream(url, token)
        await crowding(url, token)
        await agent(url, token)
        report["steps"]["aliveAtEnd"] = bridge.poll() is None
    finally:
        bridge.send_signal(signal.SIGTERM)
        try:
            bridge.wait(timeout=30)
        except subprocess.TimeoutExpired:
            bridge.kill()


asyncio.run(asyncio.wait_for(main(), timeout=300))
print(json.dumps(report))

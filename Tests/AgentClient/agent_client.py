"""Drives `intents mcp` with the official MCP Python SDK, as an agent client would.

Run by AgentBridgeTests (Swift) with the paths of a running test server; prints one JSON
object: what each step saw. The Swift test asserts on it. Usage:

    agent_client.py INTENTS STATE DROP_FOLDER STAGED_APP
"""
import asyncio
import json
import os
import shutil
import subprocess
import sys

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.types import ElicitResult

INTENTS, STATE, DROP, STAGED = sys.argv[1:5]
report = {"steps": {}}


def user(*arguments):
    """The user's own command: consent, lock and unlock."""
    done = subprocess.run([INTENTS, "--state", STATE, *arguments], capture_output=True, text=True, timeout=60)
    if done.returncode != 0:
        raise RuntimeError(f"intents {' '.join(arguments)} failed: {done.stderr}")


def call_record(result):
    text = "\n".join(item.text for item in result.content if getattr(item, "type", "") == "text")
    return {"isError": bool(result.is_error), "text": text, "structured": result.structured_content}


def tool_record(tool):
    annotations = tool.annotations.model_dump(by_alias=True, exclude_none=True) if tool.annotations else {}
    return {"name": tool.name, "title": tool.title, "description": tool.description, "inputSchema": tool.input_schema,
            "outputSchema": tool.output_schema, "annotations": annotations}


async def main():
    server = StdioServerParameters(command=INTENTS, args=["mcp", "--state", STATE], env=dict(os.environ))
    asked = []
    changed = asyncio.Event()

    holding = {"gate": None, "waiting": 0, "eight": asyncio.Event()}

    async def elicit(context, params):
        if holding["gate"] is not None:
            holding["waiting"] += 1
            if holding["waiting"] >= 8:
                holding["eight"].set()
            await holding["gate"].wait()
        schema = params.requested_schema
        asked.append({"message": params.message, "schema": schema})
        fields = schema["properties"]
        if "choice" in fields:
            return ElicitResult(action="accept", content={"choice": fields["choice"]["enum"][1]})
        if "confirm" in fields:
            return ElicitResult(action="accept", content={"confirm": True})
        return ElicitResult(action="accept", content={"value": "Bobo"})

    async def on_message(message):
        # The SDK hands over the notification itself (older ones wrapped it in `root`).
        method = getattr(message, "method", None) or getattr(getattr(message, "root", None), "method", None)
        if method == "notifications/tools/list_changed":
            changed.set()

    steps = report["steps"]
    async with stdio_client(server) as (read, write):
        async with ClientSession(read, write, elicitation_callback=elicit, message_handler=on_message) as session:
            initialized = await session.initialize()
            steps["initialize"] = {"server": initialized.server_info.name,
                                   "listChanged": bool(initialized.capabilities.tools and initialized.capabilities.tools.list_changed)}
            steps["tools"] = [tool_record(tool) for tool in (await session.list_tools()).tools]

            send = {"recipients": "Bobo", "content": "Please send more bananas"}
            steps["withoutConsent"] = call_record(await session.call_tool("MonkeyChat_INSendMessageIntent", send))

            user("authorize", "MonkeyChat", "grant", "--agents")
            user("authorize", "MonkeyChat", "grant")
            steps["withConsent"] = call_record(await session.call_tool("MonkeyChat_INSendMessageIntent", send))
            steps["withConsent"]["asked"] = list(asked)

            # More calls at once than the bridge runs: the ninth is refused while eight wait for answers.
            holding["gate"] = asyncio.Event()
            calls = [asyncio.create_task(session.call_tool("MonkeyChat_INSendMessageIntent", send)) for _ in range(8)]
            try:
                await asyncio.wait_for(holding["eight"].wait(), timeout=60)
            except asyncio.TimeoutError:
                pass
            waiting = holding["waiting"]
            ninth = call_record(await session.call_tool("MonkeyChat_INSendMessageIntent", send))
            holding["gate"].set()
            holding["gate"] = None
            results = [call_record(result) for result in await asyncio.gather(*calls)]
            steps["bound"] = {"waiting": waiting, "ninth": ninth, "eight": [result["isError"] for result in results]}

            user("lock")
            try:
                steps["locked"] = call_record(await session.call_tool("MonkeyChat_INSendMessageIntent", send))
            finally:
                user("unlock")

            user("authorize", "Faulty", "grant", "--agents")
            user("authorize", "Faulty", "grant")
            crash = {"recipients": "K", "content": "crash"}
            steps["crash"] = call_record(await session.call_tool("Faulty_INSendMessageIntent", crash))
            steps["afterCrash"] = call_record(await session.call_tool("MonkeyChat_INSendMessageIntent", send))

            # A bundle dropped into a served apps folder: the list changes, and the client is told.
            os.rename(STAGED, os.path.join(DROP, os.path.basename(STAGED)))
            try:
                await asyncio.wait_for(changed.wait(), timeout=60)
                steps["dropped"] = {"notified": True}
            except asyncio.TimeoutError:
                steps["dropped"] = {"notified": False}
            steps["dropped"]["tools"] = [tool.name for tool in (await session.list_tools()).tools]

            # Suggested entities come with the user's consent to agents for the app.
            def list_notes_schema(tools):
                return next((tool.input_schema for tool in tools if tool.name == "Notes_ListNotesIntent"), None)
            before = list_notes_schema((await session.list_tools()).tools)
            user("authorize", "Notes", "grant", "--agents")
            after = list_notes_schema((await session.list_tools()).tools)
            steps["suggestions"] = {"before": before, "after": after}

            # An app the user hides from agents: the server leaves it out of the bridge's catalog.
            changed.clear()
            user("authorize", "Pizza", "hide", "--agents")
            hidden = {"notified": True}
            try:
                await asyncio.wait_for(changed.wait(), timeout=60)
            except asyncio.TimeoutError:
                hidden["notified"] = False
            hidden["tools"] = [tool.name for tool in (await session.list_tools()).tools]
            try:
                hidden["call"] = call_record(await session.call_tool("Pizza_OrderPizzaIntent", {}))
            except Exception as error:  # the SDK raises the JSON-RPC error
                hidden["call"] = str(error)
            listing = subprocess.run([INTENTS, "--state", STATE, "authorize", "--agents", "--json"], capture_output=True, text=True, timeout=60)
            hidden["listing"] = json.loads(listing.stdout)
            steps["hidden"] = hidden

    # A client that cannot answer questions: the call ends with the question as a tool error.
    async with stdio_client(server) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            steps["noElicitation"] = call_record(await session.call_tool("MonkeyChat_INSendMessageIntent", send))
            steps["unknownTool"] = None
            try:
                await session.call_tool("NoSuchApp_NoSuchIntent", {})
            except Exception as error:  # the SDK raises the JSON-RPC error
                steps["unknownTool"] = str(error)


asyncio.run(asyncio.wait_for(main(), timeout=300))
print(json.dumps(report))

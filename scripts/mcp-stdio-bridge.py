#!/usr/bin/env python3
"""Local MCP Server for Obsidian: stdio bridge, standard library only.

For MCP clients that start a stdio server and cannot run the .mcpb (no Node, or Windows, where
mcp-remote's header argument is mangled): it relays newline-delimited JSON-RPC from stdin to the
vault's Local MCP Server endpoint with one POST per message, and writes every message of the answer
(JSON or SSE) to stdout. Both streams are UTF-8 whatever the console's code page. Like the
.mcpb's shim (features/client-config/shim/) it knows the vault, its config folder and one token
id, and reads the token's secret and the live port from the vault's device home (device_home,
the same places as packages/shared/src/device-home.ts) at connect time; it keeps the
same 45 s deadline, connect window and local error codes (a test checks they match).

  python3 mcp-stdio-bridge.py --vault DIR --token-id ID [--config-dir .obsidian]
  (or the MCP_CONNECTOR_VAULT / MCP_CONNECTOR_TOKEN_ID environment variables)
"""
import argparse
import base64
import hashlib
import hmac
import http.client
import json
import os
import re
import socket
import sys
import threading
import time
import unicodedata

FAILURES = {
    "token_not_recognised": (-33001, "token not recognised: copy it again from Obsidian, or export a new bundle"),
    "token_unknown": (-33002, "token not recognised: copy it again from Obsidian, or export a new bundle (this token is no longer in the vault's Local MCP Server settings: it was revoked)"),
    "not_running": (-33003, "Obsidian is not serving this vault: open the vault in Obsidian with Local MCP Server enabled (or start the headless server), then try again"),
    "settings_unreadable": (-33004, "cannot read the vault's Local MCP Server settings (data.json): check that the vault is where it was when this connection was set up, or export a new bundle"),
    "timeout": (-33005, "the vault did not answer in time; try again (a very large vault may need a smaller request)"),
    "bad_response": (-33006, "the Local MCP Server sent an answer the relay could not read; update the plugin, then try again"),
    "bundle_incomplete": (-33007, "this connection is missing its vault or token id: export a new bundle from Obsidian"),
    "secret_elsewhere": (-33008, "this token's secret is not on this computer (the token was made on another device): regenerate it in Obsidian's Local MCP Server settings on this computer, then try again"),
    "not_our_server": (-33009, "the program on the vault's port is not this vault's Local MCP Server (it could not prove it): the token's secret was not sent. Restart Obsidian or the headless server, then try again"),
}
DEADLINE_S = 45.0
CONNECT_WINDOW_S = 30.0
RETRY_DELAYS_S = (0.1, 0.25, 0.5, 1.0)
UNBOUNDED_METHODS = {"subscriptions/listen"}
PROTOCOL_VERSION_META_KEY = "io.modelcontextprotocol/protocolVersion"
NAME_SOURCE = {"tools/call": "name", "prompts/get": "name", "resources/read": "uri",
               "tasks/get": "taskId", "tasks/update": "taskId", "tasks/cancel": "taskId"}


class Failure(Exception):
    def __init__(self, reason, detail=""):
        super().__init__(reason)
        self.reason = reason
        self.detail = detail


class Output:
    """One whole line per message on stdout (UTF-8 bytes), and log lines on stderr."""

    def __init__(self):
        self.lock = threading.Lock()
        self.last_logged = None

    def write(self, message):
        data = (json.dumps(message, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")
        with self.lock:
            sys.stdout.buffer.write(data)
            sys.stdout.buffer.flush()

    def log(self, line):
        with self.lock:
            if line != self.last_logged:
                sys.stderr.buffer.write((line + "\n").encode("utf-8", "replace"))
                sys.stderr.buffer.flush()
            self.last_logged = line


def process_alive(pid):
    if not isinstance(pid, int) or isinstance(pid, bool) or pid < 1:
        return False  # 0 and -1 name process groups, which always answer
    if os.name == "nt":
        import ctypes
        kernel32 = ctypes.windll.kernel32
        handle = kernel32.OpenProcess(0x1000, False, pid)  # PROCESS_QUERY_LIMITED_INFORMATION
        if not handle:
            return False
        code = ctypes.c_ulong()
        kernel32.GetExitCodeProcess(handle, ctypes.byref(code))
        kernel32.CloseHandle(handle)
        return code.value == 259  # STILL_ACTIVE
    try:
        os.kill(pid, 0)
        return True
    except ProcessLookupError:
        return False
    except PermissionError:
        return True


class Vault:
    def __init__(self, vault, config_dir, plugin_id, token_id):
        self.folder = os.path.join(vault, config_dir, "plugins", plugin_id)
        self.home = device_home(os.path.realpath(vault))
        self.token_id = token_id

    def endpoint(self):
        """(port, secret, proof key) from data.json and the device home, read afresh every request."""
        try:
            with open(os.path.join(self.folder, "data.json"), encoding="utf-8") as file:
                settings = json.load(file)
        except FileNotFoundError:
            raise Failure("settings_unreadable", "ENOENT")
        except (OSError, ValueError):
            raise Failure("settings_unreadable", "data.json is not valid JSON")
        settings = settings if isinstance(settings, dict) else {}
        tokens = settings.get("tokens") if isinstance(settings.get("tokens"), list) else []
        token = next((t for t in tokens if isinstance(t, dict) and t.get("id") == self.token_id), None)
        if token is None:
            raise Failure("token_unknown", "token id %s is not in data.json" % self.token_id)
        legacy = token.get("secret") if isinstance(token.get("secret"), str) and token["secret"] else None
        secret = self.device_secret() or legacy
        if secret is None:
            raise Failure("secret_elsewhere", "token id %s has no secret on this device" % self.token_id)
        live = self.live_server()
        if live is None:
            raise Failure("not_running", "no server has published its port")
        port, key = live
        if key is None:
            raise Failure("not_our_server", "live-server.json has no proof key")
        return port, secret, key

    def device_secret(self):
        """The token's secret from this device's secrets file (device home), or None."""
        try:
            with open(self.home["secrets"], encoding="utf-8") as file:
                tokens = json.load(file).get("tokens")
        except (OSError, ValueError, AttributeError):
            return None
        secret = tokens.get(self.token_id) if isinstance(tokens, dict) else None
        return secret if isinstance(secret, str) and secret else None

    def live_server(self):
        """(port, proof key or None) of the running server live-server.json names, or None."""
        try:
            with open(self.home["liveServer"], encoding="utf-8") as file:
                live = json.load(file)
        except (OSError, ValueError):
            return None
        if not isinstance(live, dict):
            return None
        port = valid_port(live.get("port"))
        if port is None or not process_alive(live.get("pid")):
            return None
        key = live.get("proofKey")
        return port, key if isinstance(key, str) and re.fullmatch(r"[0-9a-f]{64}", key) else None


def proof_of(key, challenge, port):
    """What the server holding `key` on `port` answers for `challenge` (shared/server-proof.ts)."""
    text = "mcp-connector proof %d %s" % (port, challenge)
    return hmac.new(bytes.fromhex(key), text.encode("ascii"), hashlib.sha256).hexdigest()


def prove_server(port, key):
    """Raises unless the listener on `port` proves it holds `key`; no secret is sent (ADR-0042)."""
    challenge = os.urandom(16).hex()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    try:
        connection.request("GET", "/mcp/proof?challenge=" + challenge)
        response = connection.getresponse()
        text = response.read(1024)
        proof = json.loads(text).get("proof") if response.status == 200 else None
    except (ConnectionRefusedError, ConnectionResetError):
        raise
    except (OSError, ValueError, AttributeError, http.client.HTTPException):
        proof = None
    finally:
        connection.close()
    if not isinstance(proof, str) or not hmac.compare_digest(proof, proof_of(key, challenge, port)):
        raise Failure("not_our_server", "port %d" % port)


APP_FOLDER = "local-mcp-server"


def device_home(real_vault, env=None, platform=None, homedir=None):
    """The vault's device-local home: packages/shared/src/device-home.ts, answer for answer."""
    env = os.environ if env is None else env
    platform = sys.platform if platform is None else platform
    platform = "win32" if platform.startswith("win") else platform
    sep = "\\" if platform == "win32" else "/"
    named = env.get("USERPROFILE") if platform == "win32" else env.get("HOME")
    home = _absolute(named, platform) or homedir or os.path.expanduser("~")
    if platform == "win32":
        local = _absolute(env.get("LOCALAPPDATA"), platform) or _joined(sep, home, "AppData", "Local")
        state_root = _joined(sep, local, APP_FOLDER, "state")
        cache_root = _joined(sep, local, APP_FOLDER, "cache")
    elif platform == "darwin":
        state_root = _joined(sep, home, "Library", "Application Support", APP_FOLDER)
        cache_root = _joined(sep, home, "Library", "Caches", APP_FOLDER)
    else:
        state = _absolute(env.get("XDG_STATE_HOME"), platform) or _joined(sep, home, ".local", "state")
        cache = _absolute(env.get("XDG_CACHE_HOME"), platform) or _joined(sep, home, ".cache")
        state_root = _joined(sep, state, APP_FOLDER)
        cache_root = _joined(sep, cache, APP_FOLDER)
    folder = vault_folder_name(real_vault, platform)
    state = _joined(sep, state_root, "vaults", folder)
    cache = _joined(sep, cache_root, "vaults", folder)
    return {"state": state, "cache": cache, "models": _joined(sep, cache_root, "models"),
            "secrets": _joined(sep, state, "secrets.json"), "liveServer": _joined(sep, state, "live-server.json")}


def vault_folder_name(real_vault, platform):
    path = unicodedata.normalize("NFC", real_vault)
    digest = hashlib.sha256(path.encode("utf-8")).hexdigest()[:16]
    parts = [part for part in re.split(r"[\\/]" if platform == "win32" else "/", path) if part]
    base = parts[-1] if parts else ""
    name = re.sub(r"^-+|-+$", "", re.sub(r"[^A-Za-z0-9_-]+", "-", base))[:32]
    return "%s-%s" % (name or "vault", digest)


def _absolute(value, platform):
    if not value:
        return None
    if platform == "win32":
        return value if re.match(r"^([A-Za-z]:[\\/]|[\\/]{2})", value) else None
    return value if value.startswith("/") else None


def _joined(sep, base, *parts):
    trimmed = re.sub(r"[\\/]+$", "", base) if len(base) > 1 else base
    return sep.join(["" if trimmed == sep else trimmed] + list(parts))


def valid_port(value):
    return value if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 65535 else None


def header_value(value):
    plain = (value != "" and value == value.strip() and all(c == "\t" or " " <= c <= "~" for c in value)
             and not (value.startswith("=?base64?") and value.endswith("?=")))
    return value if plain else "=?base64?" + base64.b64encode(value.encode("utf-8")).decode("ascii") + "?="


def protocol_headers(message, legacy_version):
    if isinstance(message, dict) and isinstance(message.get("method"), str) and "id" in message:
        params = message.get("params") if isinstance(message.get("params"), dict) else {}
        meta = params.get("_meta") if isinstance(params.get("_meta"), dict) else {}
        version = meta.get(PROTOCOL_VERSION_META_KEY)
        if isinstance(version, str):
            headers = {"mcp-protocol-version": version, "mcp-method": message["method"]}
            field = NAME_SOURCE.get(message["method"])
            if field is not None and isinstance(params.get(field), str):
                headers["mcp-name"] = header_value(params[field])
            return headers
    return {} if legacy_version is None else {"mcp-protocol-version": legacy_version}


def request_id(message):
    if isinstance(message, dict) and not isinstance(message.get("id"), bool) and isinstance(message.get("id"), (str, int)):
        return message["id"]
    return None


class Bridge:
    def __init__(self, vault, output, deadline_s, connect_window_s):
        self.vault = vault
        self.output = output
        self.deadline_s = deadline_s
        self.connect_window_s = connect_window_s
        self.legacy_version = None
        self.in_flight = {}
        self.streams = set()
        self.lock = threading.Lock()

    def handle(self, message):
        cancelled = cancelled_id(message)
        if cancelled is not None:
            with self.lock:
                connection = self.in_flight.pop(cancelled, None)
            if connection is not None:
                connection.close()
            return
        rid = request_id(message)
        try:
            self.send(message, rid)
        except Failure as failed:
            code, text = FAILURES[failed.reason]
            detail = " (%s)" % failed.detail if failed.detail else ""
            self.output.log("[local-mcp-server] %s: %s%s" % (failed.reason, text, detail))
            if rid is not None:
                self.output.write({"jsonrpc": "2.0", "id": rid,
                                   "error": {"code": code, "message": text, "data": {"reason": failed.reason}}})
        finally:
            with self.lock:
                self.in_flight.pop(rid, None)

    def send(self, message, rid):
        started = time.monotonic()
        unbounded = isinstance(message, dict) and message.get("method") in UNBOUNDED_METHODS
        deadline = None if unbounded else started + self.deadline_s
        connect_until = started + min(self.connect_window_s, self.deadline_s)
        body = json.dumps(message, ensure_ascii=False).encode("utf-8")
        auth_retried = False
        attempt = 0
        while True:
            try:
                port, secret, key = self.vault.endpoint()
                prove_server(port, key)
                return self.post(message, rid, port, secret, body, deadline)
            except (Failure, ConnectionRefusedError, ConnectionResetError) as problem:
                retry_connect = not isinstance(problem, Failure) or problem.reason == "not_running"
                if isinstance(problem, Failure) and problem.reason == "unauthorized":
                    if auth_retried:
                        raise Failure("token_not_recognised", "the server answered 401")
                    auth_retried = True
                    time.sleep(0.3)
                    continue
                if not retry_connect:
                    raise
                if time.monotonic() >= connect_until:
                    raise Failure("not_running", getattr(problem, "detail", "connection refused"))
                time.sleep(RETRY_DELAYS_S[min(attempt, len(RETRY_DELAYS_S) - 1)])
                attempt += 1

    def post(self, message, rid, port, secret, body, deadline):
        remaining = None if deadline is None else max(0.01, deadline - time.monotonic())
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=remaining)
        with self.lock:
            if rid is not None:
                self.in_flight[rid] = connection
            if deadline is None:
                self.streams.add(connection)
        headers = dict(protocol_headers(message, self.legacy_version))
        headers.update({"Content-Type": "application/json", "Accept": "application/json, text/event-stream",
                        "Authorization": "Bearer " + secret})
        try:
            connection.request("POST", "/mcp", body=body, headers=headers)
            response = connection.getresponse()
            self.read(response, message, rid, deadline)
        except socket.timeout:
            raise Failure("timeout")
        except (OSError, http.client.HTTPException) as error:
            if isinstance(error, (ConnectionRefusedError, ConnectionResetError)):
                raise
            if rid is not None and rid not in self.in_flight:
                return  # cancelled: the client expects no answer
            raise Failure("bad_response", type(error).__name__)
        finally:
            with self.lock:
                self.streams.discard(connection)
            connection.close()

    def close_streams(self):
        """When stdin ends: listen streams stay open by design, so they are closed."""
        with self.lock:
            streams = list(self.streams)
        for connection in streams:
            connection.close()

    def read(self, response, message, rid, deadline):
        if response.status == 401:
            response.read()
            raise Failure("unauthorized")
        content_type = (response.getheader("Content-Type") or "").lower()
        answered = [False]

        def deliver(out):
            if rid is not None and request_id(out) == rid and "method" not in out:
                answered[0] = True
                if message.get("method") == "initialize":
                    result = out.get("result") if isinstance(out.get("result"), dict) else {}
                    if isinstance(result.get("protocolVersion"), str):
                        self.legacy_version = result["protocolVersion"]
            self.output.write(out)

        if 200 <= response.status < 300 and content_type.startswith("text/event-stream"):
            for data in sse_data(response, deadline):
                for out in messages_in(parse_json(data)):
                    deliver(out)
        else:
            text = response.read().decode("utf-8", "replace")
            if 200 <= response.status < 300:
                if text.strip():
                    for out in messages_in(parse_json(text)):
                        deliver(out)
                return
            parsed = parse_json(text, raise_on_error=False)
            if rid is not None and isinstance(parsed, dict) and isinstance(parsed.get("error"), dict):
                self.output.write({"jsonrpc": "2.0", "id": rid, "error": parsed["error"]})
                return
            raise Failure("bad_response", "HTTP %d" % response.status)
        if rid is not None and not answered[0]:
            raise Failure("bad_response", "the response ended without an answer")


def sse_data(response, deadline):
    """The data of each `message` event, as the stream delivers it."""
    data, event = [], ""
    while True:
        if deadline is not None and time.monotonic() > deadline:
            raise socket.timeout()
        raw = response.readline()
        if not raw:
            break
        line = raw.decode("utf-8").rstrip("\r\n")
        if line == "":
            if data and (event or "message") == "message" and "".join(data).strip():
                yield "\n".join(data)
            data, event = [], ""
        elif line.startswith(":"):
            continue
        else:
            field, _, value = line.partition(":")
            value = value[1:] if value.startswith(" ") else value
            if field == "data":
                data.append(value)
            elif field == "event":
                event = value
    if data and (event or "message") == "message" and "".join(data).strip():
        yield "\n".join(data)


def parse_json(text, raise_on_error=True):
    try:
        return json.loads(text)
    except ValueError:
        if raise_on_error:
            raise Failure("bad_response", "not JSON")
        return None


def messages_in(value):
    return value if isinstance(value, list) else [value]


def cancelled_id(message):
    if isinstance(message, dict) and message.get("method") == "notifications/cancelled":
        params = message.get("params") if isinstance(message.get("params"), dict) else {}
        return request_id({"id": params.get("requestId")})
    return None


def positive(text, default):
    try:
        value = float(text) / 1000.0
        return value if value > 0 else default
    except (TypeError, ValueError):
        return default


def main():
    parser = argparse.ArgumentParser(description="Relay MCP over stdio to the vault's Local MCP Server.")
    parser.add_argument("--vault", default=os.environ.get("MCP_CONNECTOR_VAULT"))
    parser.add_argument("--token-id", default=os.environ.get("MCP_CONNECTOR_TOKEN_ID"))
    parser.add_argument("--config-dir", default=os.environ.get("MCP_CONNECTOR_CONFIG_DIR") or ".obsidian")
    parser.add_argument("--plugin-id", default=os.environ.get("MCP_CONNECTOR_PLUGIN_ID") or "local-mcp-server")
    parser.add_argument("--error-codes", action="store_true", help="print the local error codes as JSON and exit")
    args = parser.parse_args()
    if args.error_codes:
        print(json.dumps({reason: {"code": code, "message": text} for reason, (code, text) in FAILURES.items()}))
        return
    output = Output()
    if not args.vault or not args.token_id:
        bridge = None
    else:
        vault = Vault(args.vault, args.config_dir, args.plugin_id, args.token_id)
        bridge = Bridge(vault, output,
                        positive(os.environ.get("MCP_CONNECTOR_DEADLINE_MS"), DEADLINE_S),
                        positive(os.environ.get("MCP_CONNECTOR_CONNECT_WINDOW_MS"), CONNECT_WINDOW_S))
    threads = []
    for raw in sys.stdin.buffer:
        line = raw.decode("utf-8", "replace").strip()
        if not line:
            continue
        try:
            message = json.loads(line)
        except ValueError:
            output.write({"jsonrpc": "2.0", "id": None, "error": {"code": -32700, "message": "Parse error"}})
            continue
        if bridge is None:
            code, text = FAILURES["bundle_incomplete"]
            output.log("[local-mcp-server] bundle_incomplete: " + text)
            if request_id(message) is not None:
                output.write({"jsonrpc": "2.0", "id": request_id(message),
                              "error": {"code": code, "message": text, "data": {"reason": "bundle_incomplete"}}})
            continue
        thread = threading.Thread(target=bridge.handle, args=(message,), daemon=True)
        thread.start()
        threads.append(thread)
        threads = [t for t in threads if t.is_alive()]
    if bridge is not None:
        bridge.close_streams()
    for thread in threads:
        thread.join()


if __name__ == "__main__":
    main()

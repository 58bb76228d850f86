# Checks the call shapes of the Python snippets whose clients cannot be installed here (openai, fal_client)
# against the clients' documented signatures: every call of the client's API names only parameters it takes,
# with the required ones present and no more positional arguments than it accepts.
# Input: a JSON list of {"id", "client", "content"} on stdin. Output: a JSON list of {"id", "problems"}.
import ast
import json
import sys

# name of the call -> (positional arguments accepted, keyword parameters, required parameters)
SIGNATURES = {
    "openai": {
        # openai-python: OpenAI(*, api_key, organization, project, base_url, ...)
        "OpenAI": (0, {"api_key", "organization", "project", "webhook_secret", "base_url", "websocket_base_url",
                       "timeout", "max_retries", "default_headers", "default_query", "http_client"}, {"base_url"}),
        # client.chat.completions.create(*, messages, model, ...)
        "client.chat.completions.create": (0, {
            "messages", "model", "audio", "frequency_penalty", "logit_bias", "logprobs", "max_completion_tokens",
            "max_tokens", "metadata", "modalities", "n", "parallel_tool_calls", "prediction", "presence_penalty",
            "reasoning_effort", "response_format", "seed", "service_tier", "stop", "store", "stream",
            "stream_options", "temperature", "tool_choice", "tools", "top_logprobs", "top_p", "user",
            "extra_headers", "extra_query", "extra_body", "timeout"}, {"messages", "model"}),
    },
    "fal_client": {
        # fal_client.SyncClient(key=None, default_timeout=...)
        "fal_client.SyncClient": (0, {"key", "default_timeout"}, set()),
        # SyncClient.subscribe(application, arguments, *, path, hint, with_logs, on_enqueue, on_queue_update, priority, ...)
        "client.subscribe": (2, {"application", "arguments", "path", "hint", "with_logs", "on_enqueue",
                                 "on_queue_update", "priority", "headers", "start_timeout", "client_timeout"},
                             {"application", "arguments"}),
    },
}
# The calls each snippet must make (a snippet that skips its client proves nothing).
EXPECTED = {"openai": {"OpenAI", "client.chat.completions.create"},
            "fal_client": {"fal_client.SyncClient", "client.subscribe"}}
POSITIONAL_NAMES = {"client.subscribe": ["application", "arguments"]}


def dotted(node):
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        base = dotted(node.value)
        return f"{base}.{node.attr}" if base else None
    return None


def problems_of(client, content):
    try:
        tree = ast.parse(content)
    except SyntaxError as error:
        return [f"does not parse: {error}"]
    signatures = SIGNATURES[client]
    problems, seen = [], set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = dotted(node.func)
        if name not in signatures:
            continue
        seen.add(name)
        positional, keywords, required = signatures[name]
        if len(node.args) > positional:
            problems.append(f"{name}: {len(node.args)} positional arguments, it takes {positional}")
        given = set(POSITIONAL_NAMES.get(name, [])[: len(node.args)])
        for keyword in node.keywords:
            if keyword.arg is None:
                continue
            if keyword.arg not in keywords:
                problems.append(f"{name}: no parameter {keyword.arg}")
            given.add(keyword.arg)
        missing = required - given
        if missing:
            problems.append(f"{name}: missing {', '.join(sorted(missing))}")
    for name in sorted(EXPECTED[client] - seen):
        problems.append(f"never calls {name}")
    return problems


results = [{"id": item["id"], "problems": problems_of(item["client"], item["content"])} for item in json.load(sys.stdin)]
json.dump(results, sys.stdout)

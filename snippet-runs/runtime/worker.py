# Runs Python snippets one after another in this interpreter (imports are paid once): one JSON job per input line,
# one JSON result per output line. Each snippet gets its own folder, environment and captured output.
import contextlib
import io
import json
import os
import runpy
import sys
import traceback

_out = sys.stdout
_base_env = dict(os.environ)

for line in sys.stdin:
    job = json.loads(line)
    os.environ.clear()
    os.environ.update(_base_env)
    os.environ.update(job["env"])
    os.chdir(job["cwd"])
    captured = io.StringIO()
    error = None
    with contextlib.redirect_stdout(captured), contextlib.redirect_stderr(captured):
        try:
            runpy.run_path(job["file"], run_name="__main__")
        except SystemExit as exit:
            if exit.code not in (None, 0):
                error = f"exit {exit.code}"
        except BaseException:
            error = traceback.format_exc(limit=4)
    _out.write(json.dumps({"id": job["id"], "output": captured.getvalue(), "error": error}) + "\n")
    _out.flush()

"""tf.train.CheckpointManager, the 'checkpoint' state file (get_checkpoint_state,
latest_checkpoint, CheckpointState) and the readers of a checkpoint directory or prefix
(load_checkpoint, list_variables, load_variable)."""
import codecs
import json
import os
import re
import time
from .checkpoint_format import (
    CheckpointReader, _data_path, _done_with, _fsync_dir, _temp_name, _write_synced,
    remove_stale_temps,
)
from .context import x64_methods


# -- CheckpointManager and the 'checkpoint' state file ----------------------------------

class CheckpointState:
    """The parsed 'checkpoint' file (TF's CheckpointState proto)."""

    def __init__(self):
        self.model_checkpoint_path = ""
        self.all_model_checkpoint_paths = []
        self.all_model_checkpoint_timestamps = []
        self.last_preserved_timestamp = 0.0


_STATE_FIELDS = {"model_checkpoint_path": str, "all_model_checkpoint_paths": list,
                 "all_model_checkpoint_timestamps": float, "last_preserved_timestamp": float}
_STATE_TOKEN = re.compile(r"""(?P<skip>\s+|\#[^\n]*)
    |(?P<str>"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')
    |(?P<num>[-+]?(?:(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?|inf(?:inity)?|nan)[fF]?(?![\w.]))
    |(?P<name>[A-Za-z_]\w*)|(?P<colon>:)|(?P<sep>[,;])""", re.X | re.I)


class _ParseError(ValueError):
    pass


def _parse_state(text):
    """The fields of a CheckpointState in protobuf text format, parsed as data (never
    evaluated); _ParseError where TF's text_format.Merge raises ParseError."""
    tokens, pos = [], 0
    while pos < len(text):
        m = _STATE_TOKEN.match(text, pos)
        line = text.count("\n", 0, pos) + 1
        col = pos - text.rfind("\n", 0, pos)
        if m is None:
            raise _ParseError(f"{line}:{col} : Unexpected character {text[pos]!r}")
        if m.lastgroup != "skip":
            tokens.append((m.lastgroup, m.group(), f"{line}:{col}"))
        pos = m.end()
    fields = {"model_checkpoint_path": "", "all_model_checkpoint_paths": [],
              "all_model_checkpoint_timestamps": [], "last_preserved_timestamp": 0.0}
    i = 0
    while i < len(tokens):
        kind, name, where = tokens[i]
        if kind != "name" or name not in _STATE_FIELDS:
            raise _ParseError(f'{where} : Message type "tensorflow.CheckpointState" has no '
                              f'field named "{name}".')
        if i + 1 >= len(tokens) or tokens[i + 1][0] != "colon":
            raise _ParseError(f'{where} : Expected ":" after "{name}".')
        i += 2
        if _STATE_FIELDS[name] is float:
            if i >= len(tokens) or tokens[i][0] != "num":
                raise _ParseError(f"{where} : Expected a number for {name}.")
            number = tokens[i][1]
            number = float(number[:-1] if number[-1] in "fF" and
                           not number.lower().endswith("inf") else number)
            fields[name] = [*fields[name], number] \
                if name == "all_model_checkpoint_timestamps" else number
            i += 1
        else:
            parts = []
            while i < len(tokens) and tokens[i][0] == "str":
                body = tokens[i][1][1:-1]
                try:
                    parts.append(codecs.escape_decode(body.encode())[0].decode()
                                 if "\\" in body else body)
                except ValueError as e:
                    raise _ParseError(f"{tokens[i][2]} : {e}") from e
                i += 1
            if not parts:
                raise _ParseError(f"{where} : Expected string for {name}.")
            value = "".join(parts)
            if name == "model_checkpoint_path":
                fields[name] = value
            else:
                fields[name].append(value)
        if i < len(tokens) and tokens[i][0] == "sep":
            i += 1
    return fields


def get_checkpoint_state(checkpoint_dir, latest_filename=None):
    """tf.train.get_checkpoint_state: the directory's 'checkpoint' file, paths joined to
    the directory, or None. As TF: a file that cannot be read or parsed is logged and
    ignored (None); one naming no model_checkpoint_path raises ValueError."""
    checkpoint_dir = os.fspath(checkpoint_dir)
    path = os.path.join(checkpoint_dir, latest_filename or "checkpoint")
    if not os.path.exists(path):
        return None
    try:
        with open(path, "rb") as f:
            # TF 2.21 raises UnicodeDecodeError on bytes that are not UTF-8; tfcompat
            # treats them as the unparsable file they are (deliberate difference).
            fields = _parse_state(f.read().decode("utf-8"))
    except (OSError, ValueError) as e:
        from .tf_logging import get_logger
        get_logger().warning(f"ParseError: {e}" if isinstance(e, ValueError) else
                             f"{type(e).__name__}: {e}")
        get_logger().warning(f"{path}: Checkpoint ignored")
        return None
    if not fields["model_checkpoint_path"]:
        raise ValueError(f"Invalid checkpoint state loaded from {checkpoint_dir}")
    state = CheckpointState()
    state.model_checkpoint_path = os.path.join(checkpoint_dir, fields["model_checkpoint_path"])
    state.all_model_checkpoint_paths = [os.path.join(checkpoint_dir, p)
                                        for p in fields["all_model_checkpoint_paths"]]
    state.all_model_checkpoint_timestamps = fields["all_model_checkpoint_timestamps"]
    state.last_preserved_timestamp = fields["last_preserved_timestamp"]
    return state


def _record_state(directory, latest, paths, timestamps=(), last_preserved=None):
    """Write the 'checkpoint' file (paths relative to `directory`), fsynced, atomically."""
    directory = directory or "."
    lines = [f"model_checkpoint_path: {json.dumps(os.path.relpath(latest, directory), ensure_ascii=False)}"]
    lines += [f"all_model_checkpoint_paths: {json.dumps(os.path.relpath(p, directory), ensure_ascii=False)}"
              for p in paths]
    lines += [f"all_model_checkpoint_timestamps: {t!r}" for t in timestamps]
    if last_preserved is not None:
        lines.append(f"last_preserved_timestamp: {last_preserved!r}")
    path = os.path.join(directory, "checkpoint")
    tmp = _temp_name(path)
    try:
        _write_synced(tmp, lambda f: f.write(("\n".join(lines) + "\n").encode()))
        os.replace(tmp, path)
        _fsync_dir(directory)
    finally:
        _done_with([tmp])


def latest_checkpoint(checkpoint_dir, latest_filename=None):
    """tf.train.latest_checkpoint: the prefix the 'checkpoint' file names, if it exists."""
    state = get_checkpoint_state(checkpoint_dir, latest_filename)
    if state and state.model_checkpoint_path and \
            os.path.exists(state.model_checkpoint_path + ".index"):
        return state.model_checkpoint_path
    return None


@x64_methods
class CheckpointManager:
    """tf.train.CheckpointManager: numbered saves of `checkpoint` in `directory`, keeping
    the newest `max_to_keep` (all when None) and, with keep_checkpoint_every_n_hours, one
    of those it drops per that many hours; with step_counter and checkpoint_interval a
    save is skipped until the step has advanced by the interval. It picks up the
    directory's 'checkpoint' file (the paths newer than its last preserved time)."""

    def __init__(self, checkpoint, directory, max_to_keep, keep_checkpoint_every_n_hours=None,
                 checkpoint_name="ckpt", step_counter=None, checkpoint_interval=None,
                 init_fn=None, last_checkpoint_step=None):
        if max_to_keep is not None and max_to_keep <= 0:
            raise ValueError(f"Expected a positive integer or `None` for `max_to_keep`, got "
                             f"{max_to_keep}.")
        if checkpoint_interval is not None and step_counter is None:
            raise ValueError("`step_counter` should be passed if `checkpoint_interval` is "
                             "not None.")
        self._checkpoint = checkpoint
        self._directory = os.fspath(directory)
        self._max_to_keep = max_to_keep
        self._keep_every_n_hours = keep_checkpoint_every_n_hours
        self._prefix = os.path.join(self._directory, checkpoint_name)
        self._init_fn = init_fn
        self._step_counter = step_counter
        self._checkpoint_interval = checkpoint_interval
        self._last_checkpoint_step = last_checkpoint_step
        self._maybe_delete = {}   # path -> timestamp, oldest first
        remove_stale_temps(self._directory)
        state = get_checkpoint_state(self._directory)
        now = time.time()
        if state is None:
            self._latest_checkpoint = None
            self._last_preserved = now - 1.0
            return
        self._latest_checkpoint = state.model_checkpoint_path
        self._last_preserved = min(state.last_preserved_timestamp, now)
        paths = state.all_model_checkpoint_paths
        stamps = state.all_model_checkpoint_timestamps or [self._last_preserved] * len(paths)
        for path, stamp in zip(paths, stamps):
            if min(stamp, now) > self._last_preserved:
                self._maybe_delete[path] = min(stamp, now)

    directory = property(lambda self: self._directory)
    checkpoint = property(lambda self: self._checkpoint)
    checkpoint_interval = property(lambda self: self._checkpoint_interval)
    latest_checkpoint = property(lambda self: self._latest_checkpoint)
    checkpoints = property(lambda self: list(self._maybe_delete),
                           doc="The managed checkpoints, oldest first (not the preserved).")

    def save(self, checkpoint_number=None, check_interval=True, options=None):
        """Write `directory/checkpoint_name-N` (N: `checkpoint_number`, an int or an integer
        Variable or Tensor, else the checkpoint's save_counter, counted in either case),
        then drop the oldest beyond max_to_keep; the path, or None where checkpoint_interval
        skips the save (the step not advanced by the interval, or already saved)."""
        if self._checkpoint_interval is not None:
            step = int(self._step_counter.numpy() if hasattr(self._step_counter, "numpy")
                       else self._step_counter)
            last = self._last_checkpoint_step
            if last is not None and (step == last or check_interval and
                                     step < last + self._checkpoint_interval):
                return None
            self._last_checkpoint_step = step
        counter = self._checkpoint.save_counter
        counter.assign_add(1)
        number = counter if checkpoint_number is None else checkpoint_number
        number = int(number.numpy() if hasattr(number, "numpy") else number)
        path = self._checkpoint.write(f"{self._prefix}-{number}", options=options)
        self._maybe_delete.pop(path, None)
        self._maybe_delete[path] = time.time()
        self._latest_checkpoint = path
        self._record()
        self._sweep()
        self._record()
        return path

    def _sweep(self):
        """Delete the oldest checkpoints beyond max_to_keep, preserving one every
        keep_checkpoint_every_n_hours."""
        if not self._max_to_keep:
            return
        while len(self._maybe_delete) > self._max_to_keep:
            old = next(iter(self._maybe_delete))
            stamp = self._maybe_delete.pop(old)
            if self._keep_every_n_hours and \
                    stamp - self._keep_every_n_hours * 3600.0 >= self._last_preserved:
                self._last_preserved = stamp
                continue
            for f in (old + ".index", _data_path(old)):
                if os.path.exists(f):
                    os.remove(f)

    def restore_or_initialize(self):
        """Restore the latest checkpoint and return its path; else call init_fn (if given)
        and return None."""
        if self._latest_checkpoint is not None:
            self._checkpoint.restore(self._latest_checkpoint)
            if self._checkpoint_interval is not None:
                self._last_checkpoint_step = int(self._step_counter.numpy())
            return self._latest_checkpoint
        if self._init_fn is not None:
            self._init_fn()
        return None

    def sync(self):
        """Wait for outstanding saves: tfcompat's are synchronous."""
        if self._checkpoint:
            self._checkpoint.sync()

    def _record(self):
        _record_state(self._directory, self._latest_checkpoint, list(self._maybe_delete),
                      list(self._maybe_delete.values()), self._last_preserved)


# -- reading a checkpoint by directory or prefix ------------------------------------

def load_checkpoint(ckpt_dir_or_file):
    """tf.train.load_checkpoint: a reader of a checkpoint, or of a directory's latest."""
    return CheckpointReader(_resolve(ckpt_dir_or_file))


def list_variables(ckpt_dir_or_file):
    """tf.train.list_variables: sorted (key, shape) pairs."""
    return sorted(load_checkpoint(ckpt_dir_or_file).get_variable_to_shape_map().items())


def load_variable(ckpt_dir_or_file, name):
    """tf.train.load_variable: one value of a checkpoint, as a NumPy array."""
    if name.endswith(":0"):
        name = name[:-2]
    return load_checkpoint(ckpt_dir_or_file).get_tensor(name)


def _resolve(ckpt_dir_or_file):
    path = os.fspath(ckpt_dir_or_file)
    if os.path.isdir(path):
        latest = latest_checkpoint(path)
        if latest is None:
            raise ValueError(f"Couldn't find 'checkpoint' file or checkpoints in given "
                             f"directory {path}")
        return latest
    return path

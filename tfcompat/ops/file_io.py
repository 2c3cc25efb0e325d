"""Local files as TF's file system layer sees them: path names (str, bytes, PathLike,
``file://``) and TF's error classes and messages for OS failures. Shared by tf.io's ops
(io_ops) and tf.io.gfile.

Deliberate difference: only the local file system exists. A name with another scheme
(gs://, s3://, hdfs://, ram:// ...) raises TF's UnimplementedError for an unregistered
scheme, naming it.
"""
import glob as _glob
import os
import re

from ..framework import errors

_SCHEME = re.compile(r"^([A-Za-z][A-Za-z0-9+.\-]*)://")
_TF_SCHEMES = ("gs", "ram")   # registered in TF 2.21, not in tfcompat


def path_text(name):
    """A file name as str (bytes decoded as the OS does; PathLike accepted), as TF's
    ``compat.path_to_str``; other types raise TF's TypeError."""
    if isinstance(name, os.PathLike):
        name = os.fspath(name)
    if isinstance(name, bytes):
        return os.fsdecode(name)
    if isinstance(name, str):
        return name
    raise TypeError(f"Expected binary or unicode string, got {name!r}")


def local(name):
    """The local path of file name `name` (``file://`` removed); a name with another
    scheme raises (cls, text) as `FileError`."""
    text = path_text(name)
    m = _SCHEME.match(text)
    if m is None:
        return _clean(text)
    scheme = m.group(1)
    if scheme == "file":
        return _clean(text[len("file://"):])
    note = "; tfcompat has the local file system only" if scheme in _TF_SCHEMES else ""
    raise FileError(errors.UnimplementedError,
                    f"File system scheme '{scheme}' not implemented (file: '{text}'){note}")


def _clean(path):
    """TF's io::CleanPath of a local name ('' stays '')."""
    return os.path.normpath(path) if path else path


class FileError(Exception):
    """A file system failure: TF's error class `cls` and message `text`, raised by the
    caller as an op's kernel error (io_ops) or as a plain TF error (gfile)."""

    def __init__(self, cls, text):
        super().__init__(text)
        self.cls = cls
        self.text = text

    def tf_error(self):
        return self.cls(None, None, self.text)


def os_error(path, exc):
    """The `FileError` TF reports for OSError `exc` on `path`: ``path; strerror``."""
    cls = {FileNotFoundError: errors.NotFoundError,
           IsADirectoryError: errors.FailedPreconditionError,
           NotADirectoryError: errors.FailedPreconditionError,
           PermissionError: errors.PermissionDeniedError,
           FileExistsError: errors.AlreadyExistsError}.get(type(exc), errors.UnknownError)
    return FileError(cls, f"{path}; {exc.strerror or exc}")


def read_bytes(name):
    """The contents of file `name` (TF's ReadFile)."""
    path = local(name)
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError as e:
        raise os_error(path, e) from None


def write_bytes(name, data, mode="wb"):
    """Write `data` to file `name`; its missing parent directories are created, as TF's
    WriteFile does."""
    path = local(name)
    try:
        parent = os.path.dirname(path)
        if parent and not os.path.isdir(parent):
            os.makedirs(parent, exist_ok=True)
        with open(path, mode) as f:
            f.write(data)
    except OSError as e:
        raise os_error(path, e) from None


def glob(pattern):
    """The names matching one glob pattern (TF's GetMatchingPaths: ``*``, ``?``, ``[...]``
    within one path component; unsorted, missing directories match nothing)."""
    text = path_text(pattern)
    path = local(text)
    prefix = "file://" if text.startswith("file://") else ""
    return [prefix + p for p in _glob.glob(path, include_hidden=True)]

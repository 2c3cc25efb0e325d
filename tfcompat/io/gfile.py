"""tf.io.gfile: TF's file API on local files, with TF's return values, errors and quirks
(GFile opens lazily: at the first read or write, so a write after close() reopens, and
truncates, in mode 'w'; mkdir of an existing directory succeeds).

Deliberate difference: only the local file system; names with another scheme (gs://,
s3:// ...) raise UnimplementedError naming the scheme (ops/file_io.py).
"""
import os
import shutil

from ..framework.lazy_exports import scope_namespace
from ..framework import errors
from ..ops import file_io

__all__ = ["GFile", "copy", "exists", "get_registered_schemes", "glob", "isdir", "join",
           "listdir", "makedirs", "mkdir", "remove", "rename", "rmtree", "stat", "walk"]


def _local(name):
    try:
        return file_io.local(name)
    except file_io.FileError as e:
        raise e.tf_error() from None


def _os_call(path, fn, *args):
    try:
        return fn(*args)
    except OSError as e:
        raise file_io.os_error(path, e).tf_error() from None


def _as_bytes(value):
    if isinstance(value, str):
        return value.encode("utf-8")
    if isinstance(value, (bytes, bytearray)):
        return bytes(value)
    raise TypeError(f"Expected binary or unicode string, got {value!r}")


class GFile:
    """tf.io.gfile.GFile: a file in mode 'r', 'w', 'a', 'r+', 'w+' or 'a+' (with 'b':
    bytes are read, else UTF-8 text; str or bytes may be written in any mode)."""

    def __init__(self, name, mode="r"):
        self.__name = name
        self.__mode = mode
        self._read_file = None
        self._write_file = None
        self._binary_mode = "b" in mode
        mode = mode.replace("b", "")
        if mode not in ("r", "w", "a", "r+", "w+", "a+"):
            raise errors.InvalidArgumentError(
                None, None, "mode is not 'r' or 'w' or 'a' or 'r+' or 'w+' or 'a+'")
        self._read_check_passed = mode in ("r", "r+", "a+", "w+")
        self._write_check_passed = mode in ("a", "w", "r+", "a+", "w+")

    name = property(lambda self: self.__name, doc="The file name.")
    mode = property(lambda self: self.__mode, doc="The mode it was opened with.")

    def _preread_check(self):
        if self._read_file is None:
            if not self._read_check_passed:
                raise errors.PermissionDeniedError(None, None, "File isn't open for reading")
            path = _local(self.__name)
            self._read_file = _os_call(path, _open_for_reading, path)

    def _prewrite_check(self):
        if self._write_file is None:
            if not self._write_check_passed:
                raise errors.PermissionDeniedError(None, None, "File isn't open for writing")
            path = _local(self.__name)
            mode = "ab" if "a" in self.__mode else "r+b" if "r" in self.__mode else "wb"
            self._write_file = _os_call(path, open, path, mode)

    def _prepare_value(self, value):
        return value if self._binary_mode else value.decode("utf-8")

    def size(self):
        """The file's size in bytes."""
        return stat(self.__name).length

    def write(self, file_content):
        """Append str (UTF-8) or bytes."""
        self._prewrite_check()
        self._write_file.write(_as_bytes(file_content))

    def read(self, n=-1):
        """`n` bytes (all that remain for -1), decoded as UTF-8 unless in binary mode."""
        self._preread_check()
        return self._prepare_value(self._read_file.read(None if n == -1 else n))

    def seek(self, offset=None, whence=0, position=None):
        """Move the read position (whence 0: from the start, 1: here, 2: the end)."""
        self._preread_check()
        if offset is None and position is None:
            raise TypeError("seek(): offset argument required")
        if offset is not None and position is not None:
            raise TypeError("seek(): offset and position may not be set simultaneously.")
        if position is not None:
            offset = position
        if whence == 1:
            offset += self.tell()
        elif whence == 2:
            offset += self.size()
        elif whence != 0:
            raise errors.InvalidArgumentError(
                None, None, f"Invalid whence argument: {whence}. Valid values are 0, 1, or 2.")
        self._read_file.seek(offset)

    def readline(self):
        """The next line with its newline ('' at the end)."""
        self._preread_check()
        return self._prepare_value(self._read_file.readline())

    def readlines(self):
        """The remaining lines."""
        return list(iter(self.readline, "" if not self._binary_mode else b""))

    def tell(self):
        """The read position (or, for a write-only file, the write position)."""
        if self._read_check_passed:
            self._preread_check()
            return self._read_file.tell()
        self._prewrite_check()
        return self._write_file.tell()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def __iter__(self):
        return self

    def __next__(self):
        line = self.readline()
        if not line:
            raise StopIteration()
        return line

    def flush(self):
        """Write buffered data to the file."""
        if self._write_file is not None:
            self._write_file.flush()

    def close(self):
        """Close the file (a later read or write opens it again)."""
        if self._read_file is not None:
            self._read_file.close()
            self._read_file = None
        if self._write_file is not None:
            self._write_file.close()
            self._write_file = None

    def seekable(self):
        return True


def _open_for_reading(path):
    if os.path.isdir(path):
        raise IsADirectoryError(21, "Is a directory")
    return open(path, "rb")


class FileStatistics:
    """What tf.io.gfile.stat returns: length, mtime_nsec, is_directory."""

    def __init__(self, length, mtime_nsec, is_directory):
        self.length = length
        self.mtime_nsec = mtime_nsec
        self.is_directory = is_directory


def exists(path):
    """Whether the file or directory exists."""
    return os.path.exists(_local(path))


def isdir(path):
    """Whether `path` is a directory."""
    return os.path.isdir(_local(path))


def stat(path):
    """A FileStatistics of the file or directory."""
    local = _local(path)
    st = _os_call(local, os.stat, local)
    return FileStatistics(0 if os.path.isdir(local) else st.st_size, st.st_mtime_ns,
                          os.path.isdir(local))


def listdir(path):
    """The names in a directory (not '.' and '..'), in the file system's order."""
    local = _local(path)
    if not os.path.isdir(local):
        raise errors.NotFoundError(None, None,
                                   f"Could not find directory {file_io.path_text(path)}")
    return _os_call(local, os.listdir, local)


def glob(pattern):
    """The names matching a glob pattern or list of patterns (unsorted, as TF)."""
    patterns = [pattern] if isinstance(pattern, (str, bytes, os.PathLike)) else pattern
    out = []
    for p in patterns:
        try:
            found = file_io.glob(p)
        except file_io.FileError as e:
            raise e.tf_error() from None
        out += [f.decode() if isinstance(f, bytes) else f for f in found]
    return out


def mkdir(path):
    """Create a directory (its parent must exist; an existing one is fine, as in TF)."""
    local = _local(path)
    try:
        os.mkdir(local)
    except FileExistsError:
        pass
    except OSError as e:
        raise file_io.os_error(local, e).tf_error() from None


def makedirs(path):
    """Create a directory and its missing parents."""
    local = _local(path)
    head = local.rstrip(os.sep) or local
    while head and not os.path.exists(head):
        parent = os.path.dirname(head)
        if parent == head:
            break
        head = parent
    if head and not os.path.isdir(head):
        raise errors.FailedPreconditionError(None, None, f"{head} is not a directory")
    _os_call(local, os.makedirs, local, 0o777, True)


def remove(path):
    """Delete a file (a directory raises FailedPreconditionError)."""
    local = _local(path)
    if os.path.isdir(local):
        raise errors.FailedPreconditionError(None, None, f"{local}; Is a directory")
    _os_call(local, os.remove, local)


def rmtree(path):
    """Delete a directory and everything in it (or a single file)."""
    local = _local(path)
    if not os.path.lexists(local):
        raise errors.NotFoundError(None, None, f"{local} not found")
    if os.path.isdir(local) and not os.path.islink(local):
        _os_call(local, shutil.rmtree, local)
    else:
        _os_call(local, os.remove, local)


def copy(src, dst, overwrite=False):
    """Copy a file; an existing `dst` raises AlreadyExistsError unless `overwrite`."""
    s, d = _local(src), _local(dst)
    if not overwrite and os.path.exists(d):
        raise errors.AlreadyExistsError(None, None, "file already exists")
    if os.path.isdir(s):
        raise errors.FailedPreconditionError(None, None, f"{s}; Is a directory")
    _os_call(s, shutil.copyfile, s, d)


def rename(src, dst, overwrite=False):
    """Rename a file or directory; an existing `dst` raises unless `overwrite`."""
    s, d = _local(src), _local(dst)
    if not overwrite and os.path.exists(d):
        raise errors.AlreadyExistsError(None, None, "file already exists")
    _os_call(s, os.replace, s, d)


def join(path, *paths):
    """Path components joined with '/' (a scheme kept)."""
    return os.path.join(file_io.path_text(path), *[file_io.path_text(p) for p in paths])


def walk(top, topdown=True, onerror=None):
    """(dirname, subdirectories, files) for each directory under `top`."""
    local = _local(top)
    if not isdir(local):
        return
    try:
        names = listdir(local)
    except errors.NotFoundError as e:
        if onerror is not None:
            onerror(e)
        return
    dirs = [n for n in names if os.path.isdir(os.path.join(local, n))]
    files = [n for n in names if n not in dirs]
    here = (top, dirs, files)
    if topdown:
        yield here
    for d in dirs:
        yield from walk(join(top, d), topdown, onerror)
    if not topdown:
        yield here


def get_registered_schemes():
    """The file system schemes tfcompat has: local files only."""
    return ["file", ""]


scope_namespace(globals())   # (TF's function names: copy_v2 ...)

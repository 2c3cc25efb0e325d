"""tf.sysconfig (see framework/build_info.py)."""
from .framework.build_info import (
    CXX_VERSION, get_build_info, get_compile_flags, get_include, get_lib, get_link_flags,
)
from .framework.versions import CXX11_ABI_FLAG, MONOLITHIC_BUILD
from .framework.lazy_exports import scope_namespace as _scope_namespace

__all__ = ["CXX11_ABI_FLAG", "CXX_VERSION", "MONOLITHIC_BUILD", "get_build_info",
           "get_compile_flags", "get_include", "get_lib", "get_link_flags"]

_scope_namespace(globals())

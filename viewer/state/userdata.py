"""Compatibility home of the user data store; it lives in :mod:`viewer.userdata` (bottom layer)."""
from viewer.userdata import (  # noqa: F401
    ENV_VAR,
    KINDS,
    UserDataError,
    UserStore,
    check_name,
    data_dir,
    parse_yaml_mapping,
)

// Empty host-only stand-in for crt/host_config.h (see host_defines.h).

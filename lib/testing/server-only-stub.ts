// Empty stand-in for the 'server-only' guard when modules are imported by unit tests.

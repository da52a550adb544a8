import { setLogDestination } from '@/lib/log/logger';

// Every test file starts with a silent logger: a failing test shows its own output, not the request
// lines of every server the tests start. A test that looks at the log captures it (lib/testing/logs.ts).
setLogDestination({ write: () => undefined }, { level: 'silent', port: 3000 });

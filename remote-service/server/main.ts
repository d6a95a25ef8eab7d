import path from 'node:path';
import { serveRemote } from '@portal/shared/server';

serveRemote({ appDir: path.join(__dirname, '..'), name: 'service' });

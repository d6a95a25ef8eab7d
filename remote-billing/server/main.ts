import path from 'node:path';
import { serveRemote } from '@portal/server';

serveRemote({ appDir: path.join(__dirname, '..'), name: 'billing' });

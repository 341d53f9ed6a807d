// Every test file's temporary directories (tempDir() in test/helpers/cli.ts) are removed when the file ends.
import { afterAll } from 'vitest';
import { removeTempDirs } from '../helpers/cli.js';

afterAll(removeTempDirs);

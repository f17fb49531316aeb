import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkTree, violations } from './layers';

const root = join(import.meta.dirname, '..', '..');
const at = (path: string) => join(root, path);

describe('import direction', () => {
  it('holds across the tree', () => {
    expect(checkTree(root)).toEqual([]);
  });

  it('catches the renderer importing the main process', () => {
    expect(violations(at('renderer/src/App.tsx'), "import { x } from '../../electron/core/BatonCore';", root)).toHaveLength(1);
  });

  it('catches the core importing electron, directly or through electron-store', () => {
    const source = "import { app } from 'electron';\nconst Store = require('electron-store');";
    expect(violations(at('electron/core/BatonCore.ts'), source, root)).toHaveLength(2);
  });

  it('catches shared importing either side', () => {
    const source = "import type { A } from '../renderer/src/App';\nexport { b } from '../electron/core/x';\nimport('../electron/shell/main');";
    expect(violations(at('shared/contract.ts'), source, root)).toHaveLength(3);
  });

  it('lets the shell touch Electron and the core', () => {
    const source = "import { app } from 'electron';\nimport { createCore } from '../core/BatonCore';";
    expect(violations(at('electron/shell/main.ts'), source, root)).toEqual([]);
  });
});

// The preload (sandboxed, built as CommonJS with everything bundled in): exposes the one frozen API
// object and nothing else (SPEC §1, §6). The object is built in preloadApi.ts.
import { contextBridge, ipcRenderer } from 'electron';
import { createPreloadApi } from './preloadApi';

contextBridge.exposeInMainWorld('baton', createPreloadApi(ipcRenderer));

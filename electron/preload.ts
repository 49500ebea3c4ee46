import { contextBridge, ipcRenderer } from 'electron';
import type { Bridge } from '../renderer/bridge/types.ts';

// The renderer sees only this object: no ipcRenderer, no Node. Every call lands on a validated
// handler in the main process (electron/ipc/).
const bridge: Bridge = {
  kind: 'electron',
  records: {
    read: (id) => ipcRenderer.invoke('records:read', id),
    append: (id, lines) => ipcRenderer.invoke('records:append', id, lines),
    replace: (id, lines) => ipcRenderer.invoke('records:replace', id, lines),
    remove: (id) => ipcRenderer.invoke('records:remove', id),
  },
};

contextBridge.exposeInMainWorld('schiri', bridge);

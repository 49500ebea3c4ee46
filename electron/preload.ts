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
    keep: (id) => ipcRenderer.invoke('records:keep', id),
  },
  led: {
    ports: () => ipcRenderer.invoke('led:ports'),
    status: () => ipcRenderer.invoke('led:status'),
    connect: (settings) => ipcRenderer.invoke('led:connect', settings),
    disconnect: () => ipcRenderer.invoke('led:disconnect'),
    show: (layout, intent) => ipcRenderer.invoke('led:show', layout, intent),
  },
  link: {
    seen: (host) => ipcRenderer.invoke('link:seen', host),
    trust: (host, fingerprint) => ipcRenderer.invoke('link:trust', host, fingerprint),
  },
};

contextBridge.exposeInMainWorld('schiri', bridge);

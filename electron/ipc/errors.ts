/** A refused IPC message; its own module so channel tables elsewhere (electron/led/) can throw it. */
export class IpcInputError extends Error {}

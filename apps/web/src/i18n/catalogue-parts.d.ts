// One part of a message catalogue (precompiled-messages.ts): `./en.json?first`, `./en.json?rest`.
declare module '*.json?first' {
  const messages: Record<string, string>;
  export default messages;
}
declare module '*.json?rest' {
  const messages: Record<string, string>;
  export default messages;
}

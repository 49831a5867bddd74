declare module 'virtual:console-schema' {
  const schema: import('./compact').ConsoleSchema;
  export default schema;
}

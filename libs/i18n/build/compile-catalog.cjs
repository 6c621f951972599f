const { compileMessage } = require('@lingui/message-utils/compileMessage');

/** Compiles each message of a catalog; a message that is not valid ICU fails with its file and key. */
function compileCatalog(messages, file) {
  return Object.fromEntries(
    Object.entries(messages).map(([key, message]) => {
      try {
        return [key, compileMessage(message)];
      } catch (error) {
        throw new Error(`${file}: "${key}" is not a valid ICU message: ${error.message}`, { cause: error });
      }
    }),
  );
}

module.exports = { compileCatalog };

// Rspack's federation default runtime as one function of a container's constants: default-runtime-loader.cjs
// (mode 'define') writes this module from the installed @rspack/core at build time. Nothing here runs as is.
export default undefined;

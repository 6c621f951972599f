/** Rspack's federation default runtime as one function of a container's require and constants (default-runtime-loader.cjs). */
declare const federationDefaultRuntime: (...containerRequireAndConstants: unknown[]) => void;
export default federationDefaultRuntime;

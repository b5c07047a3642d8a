// The simulated web: see README.md beside this package.
export {};

export {};
//# sourceMappingURL=bench-types.js.map

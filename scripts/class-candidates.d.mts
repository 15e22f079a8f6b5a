/** Every class-like word of the client's sources and the contract (class-candidates.mjs). */
export function clientClassCandidates(): string[];

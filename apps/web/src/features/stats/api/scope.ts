/** Whose figures a screen shows: a country's (admins), or one agent's in it. */
export interface StatsScope {
  countryId: number;
  /** Undefined: every agent of the country (admins only). */
  agentId?: number;
}

export interface C2bRegistration {
  responseType: 'Completed' | 'Cancelled';
  confirmationUrl: string;
  validationUrl: string;
}

/**
 * The URLs each shortcode registered, and its running balance (OrgAccountBalance). Sandbox
 * lets a shortcode register again (production answers 500.003.1001), so a new registration
 * replaces the old one.
 */
export class C2bRegistry {
  private readonly registrations = new Map<string, C2bRegistration>();
  private readonly balances = new Map<string, number>();

  register(shortCode: string, registration: C2bRegistration): void {
    this.registrations.set(shortCode, registration);
  }

  registration(shortCode: string): C2bRegistration | undefined {
    return this.registrations.get(shortCode);
  }

  credit(shortCode: string, amount: number): number {
    const balance = (this.balances.get(shortCode) ?? 0) + amount;
    this.balances.set(shortCode, balance);
    return balance;
  }

  /** Payments are forgotten on reset; the registrations stay, as the integration makes them once at start-up. */
  resetBalances(): void {
    this.balances.clear();
  }
}

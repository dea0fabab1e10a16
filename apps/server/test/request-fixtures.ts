// Valid bodies of the public calls, for the test files that send them: one DEP request, one support
// request (multipart fields are strings) and one RKSV order (its proof of work added per call).

export const DEP_REQUEST = {
  kundennummer: '10001',
  lokalname: 'Gasthaus Zum Goldenen Hirschen',
  telefonnummer: '+43 664 1234567',
  email: 'wirt@example.at',
  name: 'Maria Huber',
  firmenname: 'Huber Gastro GmbH',
  plz: '1190',
  description: 'Für die Betriebsprüfung im Herbst.',
  startMonth: 1,
  startYear: 2024,
  endMonth: 12,
  endYear: 2025,
  agb: true,
};

export const SUPPORT_REQUEST: Record<string, string> = {
  kundennummer: '10001',
  lokalname: 'Gasthaus Zum Goldenen Hirschen',
  name: 'Maria Huber',
  plz: '1190',
  telefonnummer: '0664 1234567',
  email: 'wirt@example.at',
  description: 'Die Kasse startet nicht mehr.',
  agb: 'true',
};

export const RKSV_ORDER = {
  company: 'Gasthaus Zum Goldenen Hirschen GmbH',
  name: 'Maria Huber',
  taxIdType: 'uid',
  taxId: 'ATU87654321',
  address: 'Hauptstraße 12',
  postalCode: '1190',
  city: 'Wien',
  email: 'maria.huber@hirschen.at',
  phone: '0664 123 45 67',
  quantity: 1,
  deliveryMethod: 'pickup',
  agb: true,
  dataVerified: true,
};

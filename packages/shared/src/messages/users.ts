import { defineMessages } from './define.js';
/** Creating and managing staff and business accounts. */
export const USERS_MSG = defineMessages('users', {
  duplicateEmail: 'Ein Benutzer mit dieser E-Mail-Adresse existiert bereits.',
  unknownCountry: 'Unbekanntes Land',
  unknownRole: 'Unbekannte Rolle',
  unknownAgentLevel: 'Unbekanntes Agent-Level',
  countryRequired: 'Land ist erforderlich',
  roleRequired: 'Rolle ist erforderlich',
  agentLevelRequired: 'Agent-Level ist erforderlich',
  unknownPermission: 'Unbekannte Berechtigung',
  created: 'Benutzer wurde angelegt. Eine Einladung wurde per E-Mail versendet.',
});

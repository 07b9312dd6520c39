/** The operator (Auftragsverarbeiter) as named in all legal texts. */
export const OPERATOR = {
  name: 'Schrankwerk GmbH',
  street: 'Industriestraße 12',
  city: '70565 Stuttgart',
  country: 'Deutschland',
  register: 'Amtsgericht Stuttgart, HRB 789012',
  management: 'Geschäftsführerin: Dr. Jana Albrecht',
  privacyContact: 'datenschutz@schrankwerk.de',
} as const;

export interface AvvSection {
  title: string;
  paragraphs: string[];
}

/** Auftragsverarbeitungsvertrag nach Art. 28 DSGVO: the body text (the parties are filled in separately). */
export const AVV_SECTIONS: AvvSection[] = [
  {
    title: '§ 1 Gegenstand des Auftrags',
    paragraphs: [
      'Der Auftragsverarbeiter betreibt für den Verantwortlichen das Schrankwerk-Portal, eine Online-Plattform für Anfragen, Angebote, Bestellungen und Aufträge zu kundenspezifischen Schaltschränken und deren Verdrahtung einschließlich der gemeinsamen Projektablage und der Nachrichtenfunktion.',
      'Dieser Vertrag konkretisiert die datenschutzrechtlichen Pflichten der Vertragsparteien, die sich aus der Nutzung des Portals ergeben. Er gilt für alle Tätigkeiten, bei denen Beschäftigte des Auftragsverarbeiters oder von ihm beauftragte Dritte personenbezogene Daten des Verantwortlichen verarbeiten.',
    ],
  },
  {
    title: '§ 2 Dauer des Auftrags',
    paragraphs: [
      'Der Vertrag beginnt mit der Freischaltung des Portalzugangs des Verantwortlichen und läuft auf unbestimmte Zeit. Er endet automatisch mit der Beendigung der Nutzung des Portals, ohne dass es einer gesonderten Kündigung bedarf.',
      'Das Recht zur außerordentlichen Kündigung bei einem schwerwiegenden Verstoß gegen Datenschutzvorschriften oder gegen Bestimmungen dieses Vertrages bleibt unberührt.',
    ],
  },
  {
    title: '§ 3 Art und Zweck der Verarbeitung',
    paragraphs: [
      'Die Verarbeitung umfasst das Erheben, Erfassen, Speichern, Ordnen, Abfragen, Übermitteln an berechtigte Portalteilnehmer, Bereitstellen zum Download und Löschen von Daten.',
      'Zweck der Verarbeitung ist die Abwicklung von Anfragen, Angeboten, Bestellungen und Aufträgen zwischen Kunden, Lieferanten und dem Betreiber, die Verwaltung von Benutzerkonten sowie die Kommunikation über das Portal.',
    ],
  },
  {
    title: '§ 4 Art der personenbezogenen Daten',
    paragraphs: [
      'Gegenstand der Verarbeitung sind folgende Datenarten: Namen und Vornamen, geschäftliche E-Mail-Adressen und Telefonnummern, Firmenzugehörigkeit und Rolle, Anmeldedaten (Zeitpunkt und Anzahl der Anmeldungen), Inhalte von Nachrichten sowie Inhalte hochgeladener Dokumente (z. B. Stücklisten, Stromlaufpläne, Bestellunterlagen), soweit diese personenbezogene Daten enthalten.',
    ],
  },
  {
    title: '§ 5 Kategorien betroffener Personen',
    paragraphs: [
      'Betroffen sind Beschäftigte und Beauftragte des Verantwortlichen, die das Portal nutzen, sowie Ansprechpartner bei Kunden, Lieferanten und externen Projektbeteiligten, deren Daten der Verantwortliche im Portal erfasst oder freigibt.',
    ],
  },
  {
    title: '§ 6 Pflichten des Auftragsverarbeiters',
    paragraphs: [
      'Der Auftragsverarbeiter verarbeitet personenbezogene Daten ausschließlich im Rahmen der getroffenen Vereinbarungen und nach dokumentierten Weisungen des Verantwortlichen, sofern er nicht durch das Recht der Union oder der Mitgliedstaaten zu einer anderen Verarbeitung verpflichtet ist (Art. 28 Abs. 3 lit. a DSGVO).',
      'Er gewährleistet, dass sich die zur Verarbeitung befugten Personen zur Vertraulichkeit verpflichtet haben oder einer angemessenen gesetzlichen Verschwiegenheitspflicht unterliegen.',
      'Er unterstützt den Verantwortlichen bei der Erfüllung der Rechte der betroffenen Personen nach Kapitel III DSGVO sowie bei der Einhaltung der Pflichten aus Art. 32 bis 36 DSGVO und informiert ihn unverzüglich über Verletzungen des Schutzes personenbezogener Daten.',
      'Er stellt dem Verantwortlichen alle erforderlichen Informationen zum Nachweis der Einhaltung der Pflichten aus Art. 28 DSGVO zur Verfügung und ermöglicht Überprüfungen einschließlich Inspektionen.',
    ],
  },
  {
    title: '§ 7 Technische und organisatorische Maßnahmen',
    paragraphs: [
      'Der Auftragsverarbeiter trifft die nach Art. 32 DSGVO erforderlichen technischen und organisatorischen Maßnahmen, um ein dem Risiko angemessenes Schutzniveau zu gewährleisten. Die jeweils aktuellen Maßnahmen sind im Portal unter der Seite /tom beschrieben und sind Bestandteil dieses Vertrages.',
      'Die Maßnahmen unterliegen dem technischen Fortschritt. Dem Auftragsverarbeiter ist es gestattet, alternative adäquate Maßnahmen umzusetzen, sofern das Sicherheitsniveau der festgelegten Maßnahmen nicht unterschritten wird.',
    ],
  },
  {
    title: '§ 8 Unterauftragsverhältnisse',
    paragraphs: [
      'Der Verantwortliche genehmigt die Beauftragung der im Portal unter der Seite /subcontractors aufgeführten Unterauftragsverarbeiter. Der Auftragsverarbeiter informiert den Verantwortlichen vor jeder beabsichtigten Änderung; der Verantwortliche kann der Änderung aus wichtigem datenschutzrechtlichem Grund widersprechen.',
      'Der Auftragsverarbeiter erlegt jedem Unterauftragsverarbeiter vertraglich dieselben Datenschutzpflichten auf, die in diesem Vertrag festgelegt sind. Eine Verarbeitung außerhalb der EU bzw. des EWR erfolgt nur unter den Voraussetzungen der Art. 44 ff. DSGVO.',
    ],
  },
  {
    title: '§ 9 Rechte und Pflichten des Verantwortlichen',
    paragraphs: [
      'Der Verantwortliche ist für die Beurteilung der Zulässigkeit der Verarbeitung sowie für die Wahrung der Rechte der betroffenen Personen allein verantwortlich. Er erteilt Weisungen grundsätzlich in Textform.',
      'Der Verantwortliche ist berechtigt, sich vor Beginn der Verarbeitung und sodann regelmäßig in angemessener Weise von der Einhaltung der technischen und organisatorischen Maßnahmen des Auftragsverarbeiters zu überzeugen.',
    ],
  },
  {
    title: '§ 10 Löschung und Rückgabe von Daten',
    paragraphs: [
      'Nach Beendigung der Nutzung löscht der Auftragsverarbeiter sämtliche personenbezogenen Daten des Verantwortlichen oder gibt sie nach dessen Wahl zurück, sofern nicht nach dem Unionsrecht oder dem Recht der Mitgliedstaaten eine Verpflichtung zur Speicherung besteht (z. B. handels- und steuerrechtliche Aufbewahrungsfristen).',
      'Kopien oder Duplikate der Daten werden ohne Wissen des Verantwortlichen nicht erstellt. Hiervon ausgenommen sind Sicherheitskopien, soweit sie zur Gewährleistung einer ordnungsgemäßen Datenverarbeitung erforderlich sind.',
    ],
  },
  {
    title: '§ 11 Haftung',
    paragraphs: [
      'Für den Ersatz von Schäden, die eine betroffene Person wegen einer unzulässigen oder unrichtigen Datenverarbeitung erleidet, haften Verantwortlicher und Auftragsverarbeiter im Außenverhältnis nach Art. 82 DSGVO.',
      'Im Innenverhältnis haftet der Auftragsverarbeiter nur, wenn er seinen speziell durch die DSGVO auferlegten Pflichten nicht nachgekommen ist oder unter Nichtbeachtung der rechtmäßig erteilten Weisungen des Verantwortlichen gehandelt hat.',
    ],
  },
  {
    title: '§ 12 Schlussbestimmungen',
    paragraphs: [
      'Änderungen und Ergänzungen dieses Vertrages bedürfen der Textform. Sollten einzelne Bestimmungen unwirksam sein, bleibt die Wirksamkeit der übrigen Bestimmungen unberührt. Es gilt das Recht der Bundesrepublik Deutschland; Gerichtsstand ist Stuttgart.',
      'Dieser Vertrag wird elektronisch im Portal abgeschlossen und bedarf keiner Unterschrift.',
    ],
  },
];

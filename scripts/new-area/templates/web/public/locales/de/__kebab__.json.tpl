{
  "menu": "__Label__",
  "title": "__Label__",
  "recordTitle": "Eintrag ansehen",
  "details": "Angaben",
  "displayNamed": "{{title}} anzeigen",
  "field": {
    "title": "Titel",
    "note": "Notiz",
    "createDate": "Angelegt am",
    "lastUpdate": "Zuletzt geändert"
  },
  "errors": {
    "__camel__TitleTaken": "Ein Eintrag mit diesem Titel existiert bereits."
  }
}

"""What the CLI and the window both run, above app/campaign and app/contacts: a checked
sheet, a campaign made from it, one message, the estimate, the suppression list, a
series' run, a sender process of its own, which store this desktop uses
(docs/architecture.md, "Layers"). Each module is imported by name: importing this package
imports none of them (the command line stays quick to start)."""

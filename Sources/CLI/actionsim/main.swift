import ActionsimCLI

Actionsim.runFromCommandLineAndExit()

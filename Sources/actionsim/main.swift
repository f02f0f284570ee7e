import ActionsimCLI

await Actionsim.runFromCommandLine()

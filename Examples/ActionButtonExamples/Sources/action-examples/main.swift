import ActionsimCLI
import DiveApp
import WorkoutApp

// actionsim, with Apple's example apps built in: scenarios install them with
// `apps: [{swift: MyWorkoutApp}, {swift: MyDiveApp}]`.
await Actionsim.runFromCommandLine(apps: [myWorkoutApp, myDiveApp])

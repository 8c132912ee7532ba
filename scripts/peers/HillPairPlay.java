import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import minesweeper.gamestate.GameStateModel;
import minesweeper.gamestate.GameStateReader;
import minesweeper.solver.Solver;
import minesweeper.solver.settings.PlayStyle;
import minesweeper.solver.settings.SettingsFactory;
import minesweeper.solver.settings.SolverSettings;
import minesweeper.solver.utility.BinomialCache;
import minesweeper.structure.Action;
import minesweeper.structure.Location;

/**
 * Plays the games of a win-rate record (benches/win_rate.rs, GG_WIN_RECORD) with David Hill's
 * solver, so that the two solvers are compared game by game on the very same layouts.
 *
 * <p>Each layout is loaded with Hill's GameStateReader.loadMines, the record's first click is
 * made, and Hill's solver plays the rest as its bulk runner does (SMALL_ANALYSIS, no flags;
 * GG_HILL_SETTING names another of its settings).
 * Reads the record on stdin; with a file argument, writes there one line a game: the seed,
 * gridgames' outcome, Hill's, and Hill's guesses (cell:hidden cells before it). Prints the paired
 * comparison, and the games won by one solver only split by the phase of the first guess where
 * the two chose different cells (by the share of cells hidden then).
 */
public class HillPairPlay {
    private static final String[] PHASES = {
        "opening (90% of cells hidden or more)",
        "62.5-90% hidden",
        "31.25-62.5% hidden",
        "fewer",
        "guesses on different views",
        "one solver guessed no more",
    };

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in), 1 << 20);
        PrintStream games = args.length > 0 ? new PrintStream(args[0]) : null;
        // GG_HILL_SETTING picks another of Hill's settings (LARGE_ANALYSIS: endgame searches
        // over up to 4,000 layouts, not 400); a name Hill does not have stops the run.
        String setting = System.getenv().getOrDefault("GG_HILL_SETTING", "SMALL_ANALYSIS");
        SolverSettings settings =
                SettingsFactory.GetSettings(SettingsFactory.Setting.valueOf(setting));
        System.err.println("Hill's solver: " + setting);
        BinomialCache cache =
                new BinomialCache(5000, Solver.BINOMIAL_CACHE_LIMIT, Solver.binomialEngine);
        long n = 0, ours = 0, hills = 0, onlyOurs = 0, onlyHill = 0;
        long[][] split = new long[PHASES.length][2];
        String label = "";
        String line;
        while ((line = in.readLine()) != null) {
            String[] f = line.split(" ");
            if (f.length < 8) {
                continue;
            }
            label = f[0] + " " + f[1];
            String[] dims = f[5].split("x");
            int rows = Integer.parseInt(dims[0]), cols = Integer.parseInt(dims[1]);
            List<Location> mines = new ArrayList<>();
            for (String m : f[6].split(",")) {
                int c = Integer.parseInt(m);
                mines.add(new Location(c % cols, c / cols));
            }
            String[] ourGuesses = f[7].split(";");
            int first = Integer.parseInt(ourGuesses[0].split(":")[0]);
            GameStateModel gs = GameStateReader.loadMines(cols, rows, mines, new ArrayList<>());
            gs.doAction(new Action(first % cols, first / cols, Action.CLEAR));
            List<int[]> hillGuesses = new ArrayList<>();
            boolean hillWon = play(gs, settings, cache, cols, hillGuesses);
            boolean ourWin = f[4].equals("W");
            n++;
            ours += ourWin ? 1 : 0;
            hills += hillWon ? 1 : 0;
            if (ourWin != hillWon) {
                onlyHill += hillWon ? 1 : 0;
                onlyOurs += ourWin ? 1 : 0;
                split[phase(ourGuesses, hillGuesses, rows * cols)][hillWon ? 0 : 1]++;
            }
            if (games != null) {
                StringBuilder g = new StringBuilder();
                for (int[] h : hillGuesses) {
                    g.append(h[0]).append(':').append(h[1]).append(';');
                }
                games.println(f[3] + " " + f[4] + " " + (hillWon ? "W" : "L") + " " + g);
            }
        }
        if (games != null) {
            games.close();
        }
        if (n == 0) {
            System.out.println("no games read: pipe in a GG_WIN_RECORD file");
            return;
        }
        double d = (double) (hills - ours) / n;
        double var = (double) (onlyHill + onlyOurs) / n - d * d;
        System.out.printf(
                "%s, %d games: gridgames %.3f%%, Hill %.3f%%, Hill minus gridgames %+.3f "
                        + "(± %.3f, 95%%, paired)%n",
                label, n, 100.0 * ours / n, 100.0 * hills / n, 100 * d,
                100 * 1.96 * Math.sqrt(var / n));
        System.out.printf("won only by Hill / only by gridgames: %d / %d%n", onlyHill, onlyOurs);
        System.out.println("by the first guess where the two chose different cells:");
        for (int p = 0; p < PHASES.length; p++) {
            System.out.printf("  %-40s %6d / %6d  net %+d%n",
                    PHASES[p], split[p][0], split[p][1], split[p][0] - split[p][1]);
        }
    }

    /** Plays the game to its end as Hill's bulk worker does; whether it was won. */
    private static boolean play(GameStateModel gs, SolverSettings settings, BinomialCache cache,
            int cols, List<int[]> guesses) {
        Solver solver = new Solver(gs, settings, false);
        solver.setPlayStyle(PlayStyle.NO_FLAG);
        solver.setBinomialCache(cache);
        for (int loops = 0; loops < 10_000; loops++) {
            if (gs.getGameState() == GameStateModel.WON) {
                return true;
            }
            if (gs.getGameState() == GameStateModel.LOST) {
                return false;
            }
            solver.start();
            Action[] moves = solver.getResult();
            if (moves.length == 0) {
                return false;
            }
            for (Action a : moves) {
                int hidden = gs.getHidden();
                gs.doAction(a);
                if (!a.isCertainty()) {
                    guesses.add(new int[] {a.y * cols + a.x, hidden});
                }
                if (gs.getGameState() != GameStateModel.STARTED) {
                    break;
                }
            }
        }
        return false;
    }

    /** The phase of the first guess (after the first click) where the two chose differently. */
    private static int phase(String[] ours, List<int[]> hill, int cells) {
        for (int k = 0; ; k++) {
            if (k + 1 >= ours.length || ours[k + 1].isEmpty() || k >= hill.size()) {
                return 5;
            }
            String[] g = ours[k + 1].split(":");
            int cell = Integer.parseInt(g[0]), hidden = Integer.parseInt(g[2]);
            if (cell == hill.get(k)[0]) {
                continue;
            }
            if (hidden != hill.get(k)[1]) {
                return 4;
            }
            double share = (double) hidden / cells;
            return share >= 0.9 ? 0 : share >= 0.625 ? 1 : share >= 0.3125 ? 2 : 3;
        }
    }
}

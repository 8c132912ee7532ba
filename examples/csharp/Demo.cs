// gridgames from C# with DllImport (Mono or .NET): build the library, then
//   mcs examples/csharp/Demo.cs -out:demo.exe && LD_LIBRARY_PATH=target/release mono demo.exe
// size_t is UIntPtr (nuint); char buffers are byte[]; structs are [StructLayout(Sequential)].
using System;
using System.Runtime.InteropServices;
using System.Text;

static class Gridgames
{
    const string Lib = "gridgames"; // libgridgames.so, found by the loader's search path

    [DllImport(Lib)] public static extern IntPtr gg_version();
    [DllImport(Lib)] public static extern IntPtr gg_status_str(int status);
    [DllImport(Lib)] public static extern UIntPtr gg_last_error_message(byte[] buf, UIntPtr cap);
    [DllImport(Lib)] public static extern int gg_snakes_min_rolls(int[] board, UIntPtr n, out int rolls);
    [DllImport(Lib)] public static extern int gg_mines_click(byte[] board, UIntPtr rows, UIntPtr cols,
                                                              UIntPtr row, UIntPtr col);
    [DllImport(Lib)] public static extern int gg_mines_measure(byte[] board, UIntPtr rows, UIntPtr cols,
                                                                out BoardStats stats);

    [StructLayout(LayoutKind.Sequential)]
    public struct BoardStats
    {
        public UIntPtr bbbv, openings, islands, zini;
        [MarshalAs(UnmanagedType.ByValArray, SizeConst = 9)] public UIntPtr[] counts;
    }

    public static void Check(int status)
    {
        if (status == 0) return;
        var buf = new byte[256];
        gg_last_error_message(buf, (UIntPtr)buf.Length);
        throw new InvalidOperationException(Marshal.PtrToStringAnsi(gg_status_str(status)) + ": " +
                                            Encoding.ASCII.GetString(buf).TrimEnd('\0'));
    }

    static UIntPtr N(int v) => (UIntPtr)v;

    static int Main()
    {
        Console.WriteLine("gridgames " + Marshal.PtrToStringAnsi(gg_version()));

        var board = new int[36]; // LeetCode 909, example 1
        for (int i = 0; i < 36; i++) board[i] = -1;
        board[19] = 35; board[22] = 13; board[31] = 15;
        Check(gg_snakes_min_rolls(board, N(6), out int rolls));
        Console.WriteLine("fewest rolls: " + rolls);

        var cells = Encoding.ASCII.GetBytes("EEEEEEEMEEEEEEEEEEEE"); // LeetCode 529
        Check(gg_mines_click(cells, N(4), N(5), N(3), N(0)));
        Console.WriteLine("after the click: " + Encoding.ASCII.GetString(cells));

        Check(gg_mines_measure(Encoding.ASCII.GetBytes("EEEEMEEEE"), N(3), N(3), out BoardStats s));
        Console.WriteLine("3BV " + s.bbbv + ", ZiNi " + s.zini);

        try { Check(gg_mines_click(cells, N(4), N(5), N(9), N(0))); }
        catch (InvalidOperationException e) { Console.WriteLine("off the board: " + e.Message); }

        bool ok = rolls == 4 && Encoding.ASCII.GetString(cells) == "B1E1BB1M1BB111BBBBBB" &&
                  (ulong)s.bbbv == 8 && (ulong)s.zini == 5;
        return ok ? 0 : 1;
    }
}

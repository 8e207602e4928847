namespace Demo;

public class MyFile
{
    private readonly AdminLogger _adminLogger = new();

    public void OldMethod()
    {
        _adminLogger.Trace("[OldTag]");
    }
}

namespace Demo;

public class MyFile
{
    private readonly AdminLogger _adminLogger = new();

    public void NewMethod()
    {
        _adminLogger.Trace("[NewTag]");
    }
}

namespace Demo;

public class Foo
{
    public int TotalCount;

    public void OldMethod()
    {
        _adminLogger.Trace("[OldTag]");
    }
}

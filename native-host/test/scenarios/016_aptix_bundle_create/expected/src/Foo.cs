namespace Demo;

public class Foo
{
    public int Count;

    public void OldMethod()
    {
        _adminLogger.Trace("[OldTag]");
    }
}

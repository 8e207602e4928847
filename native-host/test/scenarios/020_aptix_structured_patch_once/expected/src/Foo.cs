namespace Demo;

public class Foo
{
    public int Count;

    public void NewMethod()
    {
        _adminLogger.Trace("[NewTag]");
    }
}

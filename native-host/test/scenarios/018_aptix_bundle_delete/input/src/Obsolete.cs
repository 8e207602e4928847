namespace Demo;

public class Obsolete {}
